/**
 * The address-name rule as people meet it (spec 000 s.5), shared by deposit-address names and
 * address-book titles: trimmed, required, at most 29 characters, word characters and hyphens with
 * an optional .ton, .gram or .t.me ending; each broken rule has its own text.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { addressNameMessageIn, checkAddressName } from '../../../src/app/lib/addressNameMessages.ts';

function problem(typed: string): string | null {
  const check = checkAddressName(typed);
  return check.ok ? null : i18n._(check.message);
}

describe('the address-name rule', () => {
  it('accepts 29 characters and refuses 30 with "Name must be less than 30 characters"', () => {
    expect(checkAddressName('n'.repeat(29))).toEqual({ ok: true, name: 'n'.repeat(29) });
    expect(problem('n'.repeat(30))).toBe('Name must be less than 30 characters');
  });

  it('trims before it counts', () => {
    expect(checkAddressName(`  ${'n'.repeat(29)}  `)).toEqual({ ok: true, name: 'n'.repeat(29) });
  });

  it('asks for a name when there is only space', () => {
    expect(problem('   ')).toBe('Enter a name');
  });

  it('takes letters of any script, digits, hyphens and underscores, and the three endings', () => {
    for (const name of ['Сбережения', 'cold_2', 'my-exchange', 'alice.ton', 'shop.gram', 'bob.t.me']) {
      expect(checkAddressName(name).ok).toBe(true);
    }
  });

  it('refuses spaces inside, other punctuation and other endings', () => {
    for (const name of ['my wallet', 'wallet!', 'alice.eth', '.ton']) {
      expect(problem(name)).toBe(
        'Use only letters, digits, hyphens and underscores; .ton, .gram or .t.me may end the name',
      );
    }
  });

  it('reads the rule’s code from the server’s validation_failed answer', () => {
    const data = { location: 'body', issues: [{ path: ['name'], code: 'too_big', message: 'name_too_long' }] };
    const message = addressNameMessageIn(data);
    expect(message && i18n._(message)).toBe('Name must be less than 30 characters');
    expect(
      addressNameMessageIn({ location: 'body', issues: [{ path: ['x'], code: 'c', message: 'other' }] }),
    ).toBeNull();
    expect(addressNameMessageIn('not data')).toBeNull();
  });
});
