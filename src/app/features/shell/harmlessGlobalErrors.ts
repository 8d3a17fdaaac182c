import { isHarmlessError } from '../../lib/harmlessErrors.ts';

/**
 * Uncaught errors and rejections outside rendering never replace the screen (a failed
 * background call is not a broken page); known harmless ones are also kept out of the console's
 * error list so real problems stand out.
 */
export function silenceHarmlessGlobalErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (isHarmlessError(event.error ?? event.message)) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isHarmlessError(event.reason)) event.preventDefault();
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
