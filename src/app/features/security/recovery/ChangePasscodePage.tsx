import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { usePlatform } from '../../../platform/PlatformContext.tsx';
import { ChangePasscodeView } from './ChangePasscodeView.tsx';
import { provideChangePasscode } from './changePasscode.ts';

/** `/account/security/passcode/change`: the change-passcode machine, started as the page opens. */
export function ChangePasscodePage() {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const actor = useActorRef(provideChangePasscode(platform, queryClient), { input: {} });
  return <ChangePasscodeView actor={actor} />;
}
