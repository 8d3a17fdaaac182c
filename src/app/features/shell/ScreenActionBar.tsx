import { useLingui } from '@lingui/react/macro';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import type { ButtonLook, ScreenActionSlot } from '../../platform/screenActions.ts';
import { useScreenActionsSnapshot } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/**
 * The screen's main and secondary actions where Telegram does not draw them: on the web both,
 * at the bottom of every screen (sticky, as Telegram's bottom bar); inside a mini app older than
 * 7.10 the secondary one only. A button that submits a form is that form's submit button
 * (`form={id}`), so Enter in a field submits it too.
 */
export function ScreenActionBar() {
  const platform = usePlatform();
  const { main, secondary } = useScreenActionsSnapshot();
  const shownMain = platform.kind === 'web' ? main : null;
  const shownSecondary = platform.kind === 'web' || !platform.capabilities.secondaryButton ? secondary : null;
  if (!shownMain && !shownSecondary) return null;
  return (
    <div className="shell-actions">
      {shownMain ? <ActionButton slot="main" look={shownMain} /> : null}
      {shownSecondary ? <ActionButton slot="secondary" look={shownSecondary} /> : null}
    </div>
  );
}

function ActionButton({ slot, look }: { slot: Exclude<ScreenActionSlot, 'back'>; look: ButtonLook }) {
  const { t } = useLingui();
  const { screenActions } = usePlatform();
  const submit = look.submits !== null;
  return (
    <Button
      variant={slot === 'main' ? 'primary' : 'secondary'}
      stretched
      type={submit ? 'submit' : 'button'}
      form={look.submits ?? undefined}
      disabled={look.disabled || look.busy}
      aria-busy={look.busy || undefined}
      onClick={submit ? undefined : () => screenActions.press(slot)}
    >
      {look.busy ? <Spinner size={20} label={t`Loading`} /> : null}
      {look.label}
    </Button>
  );
}
