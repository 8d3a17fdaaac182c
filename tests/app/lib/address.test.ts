/** Addresses on screen: the first 7 and last 5 characters around an ellipsis, .ton names whole. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortenAddress } from '../../../src/app/lib/address.ts';

describe('shortening an address', () => {
  it('keeps the first 7 and the last 5 characters of a long address', () => {
    expect(shortenAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('TQn9Y2k…cbLSE');
    expect(shortenAddress('0x742d35Cc6634C0532925a3b844Bc454e4438f44e')).toBe('0x742d3…8f44e');
    expect(shortenAddress('EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2')).toBe('EQDtFpE…4p4q2');
  });

  it('leaves a .ton name whole however long it is', () => {
    expect(shortenAddress('a-rather-long-wallet-name.ton')).toBe('a-rather-long-wallet-name.ton');
    expect(shortenAddress('Alice-And-Bob-Savings.TON')).toBe('Alice-And-Bob-Savings.TON');
  });

  it('leaves an address whole when shortening would not save characters', () => {
    expect(shortenAddress('')).toBe('');
    expect(shortenAddress('1234567890123')).toBe('1234567890123');
    expect(shortenAddress('12345678901234')).toBe('1234567…01234');
  });

  it('always keeps the ends of what it shortens', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 14, maxLength: 120 }), (address) => {
        fc.pre(!address.toLowerCase().endsWith('.ton'));
        const characters = Array.from(address);
        const short = shortenAddress(address);
        expect(short).toBe(`${characters.slice(0, 7).join('')}…${characters.slice(-5).join('')}`);
      }),
    );
  });
});
