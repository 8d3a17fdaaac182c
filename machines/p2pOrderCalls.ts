import { fromPromise, type PromiseActorLogic } from 'xstate';

/**
 * What the order machines (order page, release, dispute) keep of a refused call: the HTTP status
 * (null without an answer) and the server's code. The app's actors reject with `{ status, reason }`.
 */
export interface OrderCallFailure {
  status: number | null;
  code: string | null;
}

export function orderCallFailureOf(error: unknown): OrderCallFailure {
  const field = (name: string): unknown =>
    typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
  const status = field('status');
  const reason = field('reason');
  return { status: typeof status === 'number' ? status : null, code: typeof reason === 'string' ? reason : null };
}

/** An inert call: it never settles (the app provides the real one). */
export function pendingCall<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}
