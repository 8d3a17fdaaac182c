import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { verificationLevel } from '../../contract/verification-level.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { PersonalDataPage } from '../features/verification/PersonalDataView.tsx';

/**
 * `/account/verification/personal-data`: the BASIC step's form. `?flow=` is the level to return to
 * once sent (basic when absent); `?picker=country` is the country list.
 */
export const Route = createFileRoute('/account/verification/personal-data')({
  validateSearch: z.object({
    flow: z.catch(z.optional(verificationLevel), undefined),
    picker: z.catch(z.optional(z.literal('country')), undefined),
  }),
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: PersonalDataRoute,
});

function PersonalDataRoute() {
  const { flow, picker } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SessionGate>
      {() => (
        <PersonalDataPage
          flow={flow ?? 'basic'}
          pickingCountry={picker === 'country'}
          onPicker={(open) =>
            void navigate({ search: (previous) => ({ ...previous, picker: open ? 'country' : undefined }) })
          }
        />
      )}
    </SessionGate>
  );
}
