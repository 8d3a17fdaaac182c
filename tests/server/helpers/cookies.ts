import type { LightMyRequestResponse } from 'fastify';

export interface SetCookie {
  readonly name: string;
  readonly value: string;
  /** Attribute names as sent (e.g. `HttpOnly`), with their values or '' for flags. */
  readonly attributes: ReadonlyMap<string, string>;
}

/** The Set-Cookie headers of an answer, parsed just enough to check every attribute. */
export function setCookies(response: LightMyRequestResponse): SetCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    return {
      name: pair.slice(0, equals),
      value: decodeURIComponent(pair.slice(equals + 1)),
      attributes: new Map(
        attributes.map((attribute) => {
          const at = attribute.indexOf('=');
          return at === -1 ? [attribute, ''] : [attribute.slice(0, at), attribute.slice(at + 1)];
        }),
      ),
    };
  });
}

export function onlySetCookie(response: LightMyRequestResponse, name: string): SetCookie {
  const matching = setCookies(response).filter((cookie) => cookie.name === name);
  if (matching.length !== 1) throw new Error(`Expected one Set-Cookie for ${name}, got ${matching.length}`);
  const [cookie] = matching;
  if (cookie === undefined) throw new Error('unreachable');
  return cookie;
}
