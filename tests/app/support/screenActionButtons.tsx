import { usePlatform } from '../../../src/app/platform/PlatformContext.tsx';
import type { ButtonLook, ScreenActionSlot } from '../../../src/app/platform/screenActions.ts';
import { useScreenActionsSnapshot } from '../../../src/app/platform/useScreenActions.ts';

/**
 * The actions a screen declares (`useScreenActions`), as plain buttons whatever the platform:
 * what Telegram's MainButton, SecondaryButton and BackButton show inside the mini app, or the web
 * shell's buttons and "Back". Lets a view test read and press them by name.
 */
export function ScreenActionButtons() {
  const { main, secondary, back } = useScreenActionsSnapshot();
  return (
    <div>
      {back ? <ActionButton slot="back" look={{ label: 'Back', disabled: false, busy: false, submits: null }} /> : null}
      {main ? <ActionButton slot="main" look={main} /> : null}
      {secondary ? <ActionButton slot="secondary" look={secondary} /> : null}
    </div>
  );
}

function ActionButton({ slot, look }: { slot: ScreenActionSlot; look: ButtonLook }) {
  const { screenActions } = usePlatform();
  return (
    <button
      type="button"
      disabled={look.disabled || look.busy}
      aria-busy={look.busy || undefined}
      onClick={() => screenActions.press(slot)}
    >
      {look.label}
    </button>
  );
}
