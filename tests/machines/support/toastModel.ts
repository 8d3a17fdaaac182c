/**
 * The toast machine's model, shared by its model-based test (tests/machines/toast.model.test.ts)
 * and by the test that drives the toast host along the same paths
 * (tests/app/shell/toasts.model.test.tsx): the platforms, the events tried, how a step reads.
 */
import { type ToastEvent, type ToastKind, toastMachine } from '../../../machines/toast.machine.ts';
import { isTimePass, type ModelEvent, type ModelPath, transitionPaths } from './model.ts';

export type ToastMachine = typeof toastMachine;
export type ToastPlatform = 'web' | 'mini app';

export const KINDS: readonly ToastKind[] = ['error', 'success', 'info'];
export const MESSAGES: Record<ToastKind, string> = {
  error: "Couldn't change time zone",
  success: 'Address saved',
  info: 'Copied',
};

export const userEvents: ToastEvent[] = [
  ...KINDS.map((kind): ToastEvent => ({ type: 'toast.show', kind, message: MESSAGES[kind] })),
  { type: 'toast.dismiss' },
  { type: 'alert.close' },
];

export function machineFor(platform: ToastPlatform, alerts: string[] = []): ToastMachine {
  return toastMachine.provide({
    guards: { usesNativeAlert: () => platform === 'mini app' },
    actions: { showNativeAlert: (_, { message }) => void alerts.push(message) },
  });
}

export function toastPaths(platform: ToastPlatform): Array<ModelPath<ToastMachine>> {
  return transitionPaths(machineFor(platform), {
    events: () => userEvents,
    // The id grows with every toast and changes nothing about behaviour: left out on purpose.
    key: (snapshot) => [snapshot.value, snapshot.context.toast?.kind ?? null],
  });
}

export function describeEvent(event: ModelEvent<ToastMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  switch (event.type) {
    case 'toast.show':
      return `${event.kind === 'success' ? 'a' : 'an'} ${event.kind} toast is raised`;
    case 'toast.dismiss':
      return 'the person dismisses the toast';
    case 'alert.close':
      return 'the person closes the alert';
  }
}
