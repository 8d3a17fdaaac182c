import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { type ActorRefFrom, createActor, type InspectionEvent, type Observer } from 'xstate';
import { type Toast, type ToastKind, toastMachine } from '../../../machines/toast.machine.ts';
import type { Platform } from '../platform/types.ts';

export type ToastActor = ActorRefFrom<typeof toastMachine>;

/**
 * The app's one toast actor. Inside the mini app (≥ 6.2, with a host listening) error toasts
 * become the messenger's native alert; everywhere else they are our own toast for 3 s.
 */
export function createToastActor(platform: Platform, inspect?: Observer<InspectionEvent>): ToastActor {
  const machine = toastMachine.provide({
    guards: { usesNativeAlert: () => platform.capabilities.alert },
    actions: {
      showNativeAlert: ({ self }, { message }) => {
        void platform.alert(message).finally(() => self.send({ type: 'alert.close' }));
      },
    },
  });
  return createActor(machine, inspect ? { inspect } : {}).start();
}

export const ToastActorContext = createContext<ToastActor | null>(null);

function useToastActor(): ToastActor {
  const actor = useContext(ToastActorContext);
  if (!actor) throw new Error('Toasts need a <ToastActorContext.Provider>');
  return actor;
}

export interface Toasts {
  show(kind: ToastKind, message: string): void;
  dismiss(): void;
}

export function toastsOf(actor: ToastActor): Toasts {
  return {
    show: (kind, message) => actor.send({ type: 'toast.show', kind, message }),
    dismiss: () => actor.send({ type: 'toast.dismiss' }),
  };
}

/** Shows a toast (an already translated message). */
export function useToasts(): Toasts {
  return toastsOf(useToastActor());
}

/** The toast on screen, or null. */
export function useVisibleToast(): Toast | null {
  const actor = useToastActor();
  return useSelector(actor, (snapshot) => (snapshot.hasTag('visible') ? snapshot.context.toast : null));
}
