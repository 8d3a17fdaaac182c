import { describe, expect, it } from 'vitest';
import { buildP2cQrLink, crc16, parseP2cQrLink, roublesOfKopecks } from '../../src/contract/p2c-qr-link';

// The checksums below were worked out with Python's binascii.crc_hqx(text, 0xFFFF), an independent
// CRC-16/CCITT-FALSE, over the text before `&crc=`.
const nspk1500 =
  'https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2?type=02&bank=100000000111&sum=150000&cur=RUB&crc=8040';
const platiqr99 = 'https://platiqr.ru/?uuid=PQ1000ABCDEF1234&sum=9990&cur=RUB&crc=FE6D';
const nspkStatic = 'https://qr.nspk.ru/AD10006M8KH2D4UJ8HHRQ8S2V5TQF3R0?type=01&bank=100000000004&cur=RUB&crc=5274';

describe('payment QR links', () => {
  it('computes the CRC-16/CCITT-FALSE check value of "123456789" as 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('reads a dynamic NSPK link for 1,500 roubles', () => {
    expect(parseP2cQrLink(nspk1500)).toEqual({
      ok: true,
      link: {
        type: 'nspk',
        id: 'AS1000670LSS7DN18SJQDNP4B05KLJL2',
        codeKind: '02',
        bank: '100000000111',
        kopecks: 150000n,
      },
    });
  });

  it('reads a platiqr link for 99.90 roubles, with spaces around it as pasted', () => {
    expect(parseP2cQrLink(`  ${platiqr99}\n`)).toEqual({
      ok: true,
      link: { type: 'platiqr', id: 'PQ1000ABCDEF1234', codeKind: null, bank: null, kopecks: 9990n },
    });
  });

  it('reads a static NSPK link without a sum', () => {
    expect(parseP2cQrLink(nspkStatic)).toMatchObject({ ok: true, link: { codeKind: '01', kopecks: null } });
  });

  it('accepts the checksum in lower case', () => {
    expect(parseP2cQrLink(platiqr99.replace('crc=FE6D', 'crc=fe6d'))).toMatchObject({ ok: true });
  });

  it('refuses a link whose sum was changed after the checksum was made', () => {
    expect(parseP2cQrLink(nspk1500.replace('sum=150000', 'sum=15000'))).toEqual({
      ok: false,
      problem: 'checksum_mismatch',
    });
  });

  it('refuses a link without a checksum', () => {
    expect(parseP2cQrLink(nspk1500.replace('&crc=8040', ''))).toEqual({ ok: false, problem: 'checksum_mismatch' });
  });

  it('refuses links of other hosts, other schemes and plain text', () => {
    for (const text of [
      nspk1500.replace('qr.nspk.ru', 'qr.nspk.ru.evil.test'),
      nspk1500.replace('https:', 'http:'),
      'AS1000670LSS7DN18SJQDNP4B05KLJL2',
      '',
    ]) {
      expect(parseP2cQrLink(text)).toEqual({ ok: false, problem: 'not_a_payment_link' });
    }
  });

  it('refuses a link in another currency even with a right checksum', () => {
    const body = 'https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2?type=02&sum=150000&cur=USD';
    expect(parseP2cQrLink(`${body}&crc=${crc16(body)}`)).toEqual({ ok: false, problem: 'unsupported_currency' });
  });

  it('refuses a link with a malformed sum, code kind or id even with a right checksum', () => {
    for (const body of [
      'https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2?type=02&sum=-5&cur=RUB',
      'https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2?type=02&sum=15.5&cur=RUB',
      'https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2?type=03&sum=100&cur=RUB',
      'https://qr.nspk.ru/SHORT?type=02&sum=100&cur=RUB',
      'https://platiqr.ru/?sum=100&cur=RUB',
    ]) {
      expect(parseP2cQrLink(`${body}&crc=${crc16(body)}`)).toEqual({ ok: false, problem: 'malformed' });
    }
  });

  it('builds exactly the links the shops print', () => {
    expect(
      buildP2cQrLink({
        type: 'nspk',
        id: 'AS1000670LSS7DN18SJQDNP4B05KLJL2',
        codeKind: '02',
        bank: '100000000111',
        kopecks: 150000n,
      }),
    ).toBe(nspk1500);
    expect(
      buildP2cQrLink({ type: 'platiqr', id: 'PQ1000ABCDEF1234', codeKind: null, bank: null, kopecks: 9990n }),
    ).toBe(platiqr99);
  });

  it('refuses to build a link with a bad id or a zero sum', () => {
    const link = { type: 'nspk', id: 'AS1000670LSS7DN18SJQDNP4B05KLJL2', codeKind: '02', bank: null } as const;
    expect(() => buildP2cQrLink({ ...link, id: 'a-b', kopecks: null })).toThrow(/8 to 64/);
    expect(() => buildP2cQrLink({ ...link, kopecks: 0n })).toThrow(/positive/);
  });

  it('writes kopecks as roubles without trailing zeros', () => {
    expect(roublesOfKopecks(150000n)).toBe('1500');
    expect(roublesOfKopecks(9990n)).toBe('99.9');
    expect(roublesOfKopecks(10005n)).toBe('100.05');
  });
});
