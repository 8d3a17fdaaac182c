/**
 * The session as the HTTP layer knows it.
 *
 * The mini app's session token is kept in memory only (never localStorage or sessionStorage: a
 * token that outlives the page is a token that can be stolen later). The sign-in answer carries
 * it in the `x-session-token` header; the HTTP client sends it as `Authorization: Bearer …`
 * because Telegram's web clients may drop the session cookie of an app inside their frame. On a
 * reload it is gone and the mini app signs in again from its init data. The web wallet never
 * sees a token: its session is an HttpOnly cookie.
 *
 * The generation counts the sessions this page has begun and ended. A sign-in replaces the
 * session the page's cookie held (the server deletes it), so a request sent before the new
 * session existed may come back 401 although the person is signed in: the HTTP client tags each
 * request with the generation it was sent under and treats a 401 of an older one as stale, never
 * as the end of the current session (api/http.ts).
 */
let token: string | null = null;
let generation = 0;
let active = false;

export function sessionToken(): string | null {
  return token;
}

/** Which session requests are sent under now: changes on every sign-in and every sign-out. */
export function sessionGeneration(): number {
  return generation;
}

/** A session this page began is in use (a sign-in answered and no sign-out since). */
export function sessionActive(): boolean {
  return active;
}

/**
 * A sign-in answered with a new session: its token inside the mini app, null on the web (where
 * the session is the cookie the answer set).
 */
export function sessionBegan(newToken: string | null): void {
  token = newToken === '' ? null : newToken;
  generation += 1;
  active = true;
}

/** Signed out here: the token is forgotten and requests still in flight belong to the past. */
export function sessionEnded(): void {
  token = null;
  generation += 1;
  active = false;
}
