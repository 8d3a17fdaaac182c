import { http } from './http.ts';

/**
 * The mini app's sign-in (`POST /authentication/webapp`), sent by the page's early start
 * (earlyStart.ts) before the app's code has arrived, and taken by the sign-in machine's
 * `signInWithInitData` actor (features/session/session.ts) instead of sending its own: the answer
 * carries the settings and the balance the home paints, so it is the first screen's longest wait.
 * The early start carries no contract (zod is in the framework chunk); the answer is validated by
 * the actor like any other, and the path is the contract's `authEndpoints.signInWithWebApp`
 * (a unit test holds them equal).
 */
export const webAppSignInPath = 'authentication/webapp';

/** The sign-in body: the init data, and Telegram's client platform to label the session (spec 001). */
export function webAppSignInBody(initData: string, client: string): { initData: string; platform?: string } {
  return client === '' || client.length > 64 ? { initData } : { initData, platform: client };
}

let early: { readonly initData: string; readonly response: Promise<Response> } | null = null;

/** Sends the sign-in for `initData` now; its response waits for the actor. */
export function signInEarly(initData: string, client: string): void {
  const response = http(webAppSignInPath, { method: 'POST', json: webAppSignInBody(initData, client) });
  // Its failure is the actor's to handle once it takes the response; until then it is not unhandled.
  response.catch(() => undefined);
  early = { initData, response };
}

/** The early sign-in's response for `initData`, once; null when none was sent for it (or it was taken). */
export function takeEarlySignIn(initData: string): Promise<Response> | null {
  if (early === null || early.initData !== initData) return null;
  const { response } = early;
  early = null;
  return response;
}
