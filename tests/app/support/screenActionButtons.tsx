import { act } from '@testing-library/react';
import { usePlatform } from '../../../src/app/platform/PlatformContext.tsx';
import type { ButtonLook, ScreenActionSlot } from '../../../src/app/platform/screenActions.ts';
import type { Platform } from '../../../src/app/platform/types.ts';
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

/** The label on Telegram's MainButton now (inside the mini app), or null when it is hidden. */
export function telegramMainButton(platform: Platform): string | null {
  return platform.screenActions.snapshot().main?.label ?? null;
}

/** Presses Telegram's MainButton (`main_button_pressed`), after checking what it says. */
export function pressTelegramMainButton(platform: Platform, label: string): void {
  const shown = telegramMainButton(platform);
  if (shown !== label)
    throw new Error(`Telegram's MainButton says ${JSON.stringify(shown)}, not ${JSON.stringify(label)}`);
  act(() => platform.screenActions.press('main'));
}
