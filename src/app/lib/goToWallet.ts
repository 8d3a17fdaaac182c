import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { ScreenAction } from '../platform/screenActions.ts';

/** "Go to the wallet": the main action of every screen that ends a journey or has nothing else to offer. */
export function useGoToWalletAction(): ScreenAction {
  const { t } = useLingui();
  const navigate = useNavigate();
  return { label: t`Go to the wallet`, onPress: () => void navigate({ to: '/' }) };
}
