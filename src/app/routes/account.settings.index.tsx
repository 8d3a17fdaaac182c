import { createFileRoute } from '@tanstack/react-router';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';
import { ThemeControl } from '../features/theme/ThemeControl.tsx';

export const Route = createFileRoute('/account/settings/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: SettingsRoute,
});

function SettingsRoute() {
  return (
    <SessionGate>
      {(settings) => (
        <SettingsView settings={settings}>
          <ThemeControl />
        </SettingsView>
      )}
    </SessionGate>
  );
}
