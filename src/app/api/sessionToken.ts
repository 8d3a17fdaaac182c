/**
 * The mini app's session token, kept in memory only (never localStorage or sessionStorage: a
 * token that outlives the page is a token that can be stolen later). The sign-in answer carries
 * it in the `x-session-token` header; the HTTP client sends it as `Authorization: Bearer …`
 * because Telegram's web clients may drop the session cookie of an app inside their frame. On a
 * reload it is gone and the mini app signs in again from its init data. The web wallet never
 * sees a token: its session is an HttpOnly cookie.
 */
let token: string | null = null;

export function sessionToken(): string | null {
  return token;
}

export function setSessionToken(value: string | null): void {
  token = value === '' ? null : value;
}
