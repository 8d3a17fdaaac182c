import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { usePlatform } from './PlatformContext.tsx';
import type { ScreenActions, ScreenActionsClaim, ScreenActionsSnapshot } from './screenActions.ts';

/**
 * How every screen declares its primary action, an optional second one and its way back:
 *
 *     useScreenActions({
 *       main: { label: t`Save`, submits: 'address-form', busy: saving },
 *       secondary: { label: t`Delete`, onPress: openDeleteSheet },
 *       back: useBack({ to: '/account/address-book' }),
 *     });
 *
 * Inside the mini app they are Telegram's MainButton, SecondaryButton (7.10+; below it the web's
 * button shows in the page instead) and BackButton; on the web the shell's buttons at the bottom
 * of the screen and the back control in the header. Call it on every render (it keeps the newest
 * labels and handlers); leaving the screen hides all three. Parts of a screen may call it too:
 * each slot shows the most recent declaration of it (a form declares `main`, its screen `back`).
 */
export function useScreenActions(actions: ScreenActions): void {
  const { screenActions } = usePlatform();
  const claim = useRef<ScreenActionsClaim | null>(null);
  const latest = useRef(actions);
  latest.current = actions;

  // Layout effects: the buttons change in the same frame as the screen, never a frame late.
  useLayoutEffect(() => {
    const held = screenActions.claim(latest.current);
    claim.current = held;
    return () => {
      held.release();
      claim.current = null;
    };
  }, [screenActions]);
  useLayoutEffect(() => {
    claim.current?.update(actions);
  });
}

/** What the platform shows now: for the web shell's buttons and back control. */
export function useScreenActionsSnapshot(): ScreenActionsSnapshot {
  const { screenActions } = usePlatform();
  return useSyncExternalStore(screenActions.subscribe, screenActions.snapshot, screenActions.snapshot);
}
