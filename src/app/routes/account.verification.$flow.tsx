import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { verificationLevel } from '../../contract/verification-level.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { VerificationFlowPage } from '../features/verification/VerificationFlowPage.tsx';
import {
  flowSearchOf,
  type VerificationFlowSearch,
  verificationFlowSearch,
} from '../features/verification/verificationFlowUrl.ts';
import { useBack } from '../lib/back.ts';
import type { FlowWrite } from '../lib/flowUrl.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/**
 * `/account/verification/{flow}`: one level's steps (the deep link `verification-{flow}` lands
 * here); an unknown level is the not-found page. `?step=` is the sub-flow (verificationFlow.ts).
 */
export const Route = createFileRoute('/account/verification/$flow')({
  params: { parse: (raw) => parseParamsOrNotFound(z.object({ flow: verificationLevel }), raw) },
  validateSearch: verificationFlowSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: VerificationFlowRoute,
});

function VerificationFlowRoute() {
  const { flow } = Route.useParams();
  const search = Route.useSearch({ select: flowSearchOf });
  const navigate = Route.useNavigate();
  const leave = useBack({ to: '/account/verification' });
  const writeSearch = (next: VerificationFlowSearch, how: FlowWrite) =>
    void navigate({ search: (previous) => ({ ...next, back: previous.back }), ...how });
  return (
    <SessionGate>
      {() => <VerificationFlowPage key={flow} section={flow} search={search} onSearch={writeSearch} leave={leave} />}
    </SessionGate>
  );
}
