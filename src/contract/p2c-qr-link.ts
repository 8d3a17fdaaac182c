import { type P2cQrType, p2cFiat } from './p2c';

// The links inside Russian payment QR codes (docs/p2c.md "QR links"), read and written by the app's
// scanner, the server and the local stand-in shop. Pure functions: the same text always parses the
// same way on every side.
//
//   nspk:    https://qr.nspk.ru/{ID}?type=02&bank=100000000111&sum=150000&cur=RUB&crc=AB12
//   platiqr: https://platiqr.ru/?uuid={ID}&sum=150000&cur=RUB&crc=AB12
//
// `sum` is in kopecks. `crc` is CRC-16/CCITT-FALSE of the link's text before `&crc=`, four upper-case
// hex digits: a mistyped or truncated link is refused before anything is looked up.

const nspkOrigin = 'https://qr.nspk.ru';
const platiqrOrigin = 'https://platiqr.ru';
const idPattern = /^[A-Za-z0-9]{8,64}$/;
const kopecksPattern = /^[1-9][0-9]{0,14}$/;
const crcMarker = '&crc=';

/** What a payment link says. */
export interface P2cQrLink {
  readonly type: P2cQrType;
  /** The code's id at the payment system. */
  readonly id: string;
  /** nspk `type`: `01` a static code (the payer may choose the sum), `02` a dynamic one; null for platiqr. */
  readonly codeKind: '01' | '02' | null;
  /** nspk `bank`: the payee bank's member id; null when absent. */
  readonly bank: string | null;
  /** The sum in kopecks, or null when the link carries none. */
  readonly kopecks: bigint | null;
}

export type P2cQrLinkProblem =
  /** Not a link of either form. */
  | 'not_a_payment_link'
  /** The checksum is missing or does not match. */
  | 'checksum_mismatch'
  /** A currency other than roubles. */
  | 'unsupported_currency'
  /** A field is malformed (the id, the sum, the code kind). */
  | 'malformed';

export type P2cQrLinkParse =
  | { readonly ok: true; readonly link: P2cQrLink }
  | { readonly ok: false; readonly problem: P2cQrLinkProblem };

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the text's UTF-8 bytes, as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function withChecksum(body: string): string {
  return `${body}${crcMarker}${crc16(body)}`;
}

/** The link a shop prints for a code; `kopecks` and `bank` are left out when null. */
export function buildP2cQrLink(link: P2cQrLink): string {
  if (!idPattern.test(link.id)) throw new Error('A payment code id is 8 to 64 letters and digits');
  if (link.kopecks !== null && link.kopecks <= 0n) throw new Error('A payment link sum must be positive');
  const sum = link.kopecks === null ? '' : `&sum=${link.kopecks}`;
  if (link.type === 'platiqr') return withChecksum(`${platiqrOrigin}/?uuid=${link.id}${sum}&cur=${p2cFiat}`);
  const bank = link.bank === null ? '' : `&bank=${encodeURIComponent(link.bank)}`;
  return withChecksum(`${nspkOrigin}/${link.id}?type=${link.codeKind ?? '02'}${bank}${sum}&cur=${p2cFiat}`);
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The id and type of a link, or null when it is neither form. */
function locate(url: URL): { readonly type: P2cQrType; readonly id: string | null } | null {
  if (url.origin === nspkOrigin) {
    const segments = url.pathname.split('/').filter((segment) => segment !== '');
    return { type: 'nspk', id: segments.length === 1 ? (segments[0] ?? null) : null };
  }
  if (url.origin === platiqrOrigin && (url.pathname === '/' || url.pathname === '')) {
    return { type: 'platiqr', id: url.searchParams.get('uuid') };
  }
  return null;
}

function kopecksOf(value: string | null): bigint | null | undefined {
  if (value === null) return null;
  return kopecksPattern.test(value) ? BigInt(value) : undefined;
}

function codeKindOf(type: P2cQrType, value: string | null): '01' | '02' | null | undefined {
  if (type === 'platiqr') return null;
  if (value === '01' || value === '02') return value;
  return undefined;
}

/**
 * Reads a scanned or pasted link (surrounding spaces ignored). The checksum is checked over the
 * text exactly as given, before any field is trusted.
 */
export function parseP2cQrLink(input: string): P2cQrLinkParse {
  const text = input.trim();
  const url = parseUrl(text);
  const located = url === null ? null : locate(url);
  if (url === null || located === null) return { ok: false, problem: 'not_a_payment_link' };
  const markerAt = text.lastIndexOf(crcMarker);
  const checksum = url.searchParams.get('crc');
  if (markerAt < 0 || checksum === null || checksum.toUpperCase() !== crc16(text.slice(0, markerAt))) {
    return { ok: false, problem: 'checksum_mismatch' };
  }
  const currency = url.searchParams.get('cur');
  if (currency !== null && currency.toUpperCase() !== p2cFiat) return { ok: false, problem: 'unsupported_currency' };
  const kopecks = kopecksOf(url.searchParams.get('sum'));
  const codeKind = codeKindOf(located.type, url.searchParams.get('type'));
  if (located.id === null || !idPattern.test(located.id) || kopecks === undefined || codeKind === undefined) {
    return { ok: false, problem: 'malformed' };
  }
  return {
    ok: true,
    link: { type: located.type, id: located.id, codeKind, bank: url.searchParams.get('bank'), kopecks },
  };
}

/** Kopecks as a contract rouble amount without trailing zeros: 150000n → "1500", 9990n → "99.9". */
export function roublesOfKopecks(kopecks: bigint): string {
  const whole = kopecks / 100n;
  const fraction = (kopecks % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}
