import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { choiceParamOrNotFound, idParamOrNotFound, patternParamOrNotFound } from '../../../src/app/lib/routeParams.ts';

/** What a parser did with a segment: its value, or "not found" when it threw the router's not-found. */
function outcome(parse: () => unknown): unknown {
  try {
    return parse();
  } catch (thrown) {
    if (isNotFound(thrown)) return 'not found';
    throw thrown;
  }
}

describe('a numeric id segment', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('%s is the id %d', (segment, id) => {
    expect(outcome(() => idParamOrNotFound(segment))).toBe(id);
  });

  it.each(['0', '2147483648', '9999999999', '012', '-1', '+1', '1e3', '1.0', ' 1', '0x10', 'abc', ''])(
    '%j is not found',
    (segment) => {
      expect(outcome(() => idParamOrNotFound(segment))).toBe('not found');
    },
  );

  it('a missing segment is not found', () => {
    expect(outcome(() => idParamOrNotFound(undefined))).toBe('not found');
  });
});

describe('a segment of a few words', () => {
  const sides = ['buy', 'sell'] as const;

  it.each(['buy', 'sell'])('%s is itself', (segment) => {
    expect(outcome(() => choiceParamOrNotFound(sides, segment))).toBe(segment);
  });

  it.each(['Buy', 'sel', 'buy ', 'swap', ''])('%j is not found', (segment) => {
    expect(outcome(() => choiceParamOrNotFound(sides, segment))).toBe('not found');
  });
});

describe('a segment matching a pattern', () => {
  const fiat = /^[A-Z]{3}$/;

  it('RUB matches a fiat code', () => {
    expect(outcome(() => patternParamOrNotFound(fiat, 'RUB'))).toBe('RUB');
  });

  it.each(['rub', 'RUBL', 'RU', ''])('%j is not found', (segment) => {
    expect(outcome(() => patternParamOrNotFound(fiat, segment))).toBe('not found');
  });
});
