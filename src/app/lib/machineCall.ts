import { toApiError } from '../api/errors.ts';

/** How the flow machines expect a failed call: the HTTP status (null without an answer) and the server's code. */
export function callFailureOf(thrown: unknown): { status: number | null; reason: string | null } {
  const error = toApiError(thrown);
  return error === null ? { status: null, reason: null } : { status: error.code, reason: error.reason };
}

/** Runs `call`, rejecting as the flow machines expect. */
export async function asMachineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    throw callFailureOf(thrown);
  }
}
