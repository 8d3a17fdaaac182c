/**
 * What a screen offers besides its content: a primary action, an optional second one, and a way
 * back. Screens declare them with `useScreenActions()`; the platform shows them (Telegram's
 * MainButton, SecondaryButton and BackButton inside the mini app; the shell's own buttons and the
 * header's back control on the web). This module is the framework-free store between the two.
 */

/** One button: what it says and whether it can be pressed now. */
interface ActionLook {
  readonly label: string;
  /** Shown but not pressable (a form not yet valid). */
  readonly disabled?: boolean;
  /** The action is running: a spinner on the button, presses ignored. */
  readonly busy?: boolean;
}

/**
 * A screen's action: either a handler, or the id of a `<form>` it submits (the web renders the
 * button with `form={id}` so Enter in a field submits too; the mini app calls `requestSubmit()`).
 */
export type ScreenAction = ActionLook & ({ readonly onPress: () => void } | { readonly submits: string });

export interface ScreenActions {
  readonly main?: ScreenAction | null;
  readonly secondary?: ScreenAction | null;
  /** Where back goes (see lib/back.ts); absent on root screens, which have no way back. */
  readonly back?: (() => void) | null;
}

/** How a button looks right now; `submits` only matters to the web, which renders a form button. */
export interface ButtonLook {
  readonly label: string;
  readonly disabled: boolean;
  readonly busy: boolean;
  readonly submits: string | null;
}

/** What the platform shows: stable (same object) until something visible changes. */
export interface ScreenActionsSnapshot {
  readonly main: ButtonLook | null;
  readonly secondary: ButtonLook | null;
  readonly back: boolean;
}

export type ScreenActionSlot = 'main' | 'secondary' | 'back';

export interface ScreenActionsClaim {
  /** New actions for the same screen (a label, a busy state or a handler changed). */
  update(actions: ScreenActions): void;
  /** The screen left: the actions of whatever is under it show again (none: all hidden). */
  release(): void;
}

export interface ScreenActionsStore {
  /**
   * Each slot shows the newest claim that declares it (`null` declares "none"; absent declares
   * nothing): a form inside a screen can declare the main action while the screen declares back,
   * and a sheet opened over a screen covers the slots it declares.
   */
  claim(actions: ScreenActions): ScreenActionsClaim;
  snapshot(): ScreenActionsSnapshot;
  subscribe(listener: () => void): () => void;
  /** A press of the button in `slot`: runs the action shown there unless it is disabled or busy. */
  press(slot: ScreenActionSlot): void;
}

const nothing: ScreenActionsSnapshot = { main: null, secondary: null, back: false };

function lookOf(action: ScreenAction | null | undefined): ButtonLook | null {
  if (!action) return null;
  return {
    label: action.label,
    disabled: action.disabled === true,
    busy: action.busy === true,
    submits: 'submits' in action ? action.submits : null,
  };
}

function sameLook(a: ButtonLook | null, b: ButtonLook | null): boolean {
  if (a === null || b === null) return a === b;
  return a.label === b.label && a.disabled === b.disabled && a.busy === b.busy && a.submits === b.submits;
}

function sameSnapshot(a: ScreenActionsSnapshot, b: ScreenActionsSnapshot): boolean {
  return a.back === b.back && sameLook(a.main, b.main) && sameLook(a.secondary, b.secondary);
}

function run(action: ScreenAction): void {
  if ('onPress' in action) {
    action.onPress();
    return;
  }
  const form = document.getElementById(action.submits);
  if (form instanceof HTMLFormElement) form.requestSubmit();
}

export function createScreenActionsStore(): ScreenActionsStore {
  // Claims in the order they were made; the last one is on screen.
  const claims: { actions: ScreenActions }[] = [];
  const listeners = new Set<() => void>();
  let current: ScreenActionsSnapshot = nothing;

  const declared = <Slot extends ScreenActionSlot>(slot: Slot): ScreenActions[Slot] => {
    for (let index = claims.length - 1; index >= 0; index -= 1) {
      const action = claims[index]?.actions[slot];
      if (action !== undefined) return action;
    }
    return undefined;
  };

  const refresh = (): void => {
    const next: ScreenActionsSnapshot =
      claims.length > 0
        ? { main: lookOf(declared('main')), secondary: lookOf(declared('secondary')), back: Boolean(declared('back')) }
        : nothing;
    if (sameSnapshot(current, next)) return;
    current = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    claim(actions) {
      const entry = { actions };
      claims.push(entry);
      refresh();
      return {
        update(next) {
          entry.actions = next;
          refresh();
        },
        release() {
          const index = claims.indexOf(entry);
          if (index === -1) return;
          claims.splice(index, 1);
          refresh();
        },
      };
    },
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    press(slot) {
      if (slot === 'back') {
        declared('back')?.();
        return;
      }
      const action = declared(slot);
      if (action && !action.disabled && !action.busy) run(action);
    },
  };
}
