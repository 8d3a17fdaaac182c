import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { SetPasscodeInput } from '../../../../machines/setPasscode.machine.ts';
import type { UserSettings } from '../../../contract/settings.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { EmailChangeView } from './EmailChangeView.tsx';
import { SetPasscodeView } from './SetPasscodeView.tsx';
import { provideEmailChange, provideSetPasscode, useBiometricsAvailable } from './securityApi.ts';

/** /account/security/passcode/new: starts the set-passcode machine with the app's calls. */
export function SetPasscodeFlow({ settings, onDone }: { settings: UserSettings; onDone: () => void }) {
  const platform = usePlatform();
  const available = useBiometricsAvailable(platform);
  if (available === null) return null;
  return (
    <RunningSetPasscode
      input={{
        suggestion: 'none',
        isEmailConfirmed: settings.isEmailConfirmed === true,
        email: settings.email ?? null,
        biometric: {
          inMessenger: platform.kind === 'mini-app',
          version: platform.messenger?.version ?? null,
          available,
        },
      }}
      onDone={onDone}
    />
  );
}

function RunningSetPasscode({ input, onDone }: { input: SetPasscodeInput; onDone: () => void }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const machine = useMemo(() => provideSetPasscode({ queryClient, platform }), [queryClient, platform]);
  const actor = useActorRef(machine, { input });
  const dismissed = useSelector(actor, (snapshot) => snapshot.matches('dismissed'));
  useEffect(() => {
    if (dismissed) onDone();
  }, [dismissed, onDone]);
  return <SetPasscodeView actor={actor} onHaptic={platform.haptic} onDone={onDone} />;
}

/** /account/security/email: starts the e-mail change machine with the app's calls. */
export function EmailChangeFlow({ settings, onDone }: { settings: UserSettings; onDone: () => void }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const machine = useMemo(() => provideEmailChange({ queryClient, platform }), [queryClient, platform]);
  const actor = useActorRef(machine, { input: { email: settings.email ?? null } });
  return <EmailChangeView actor={actor} onDone={onDone} />;
}
