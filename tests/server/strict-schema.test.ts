import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { strictRequestSchema } from '../../src/server/http/strict-schema';

/** The issues of a parse, as code and path only. */
function issuesOf(schema: z.ZodMiniType, value: unknown): { code: string; path: PropertyKey[] }[] {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => ({ code: issue.code, path: issue.path }));
}

describe('strictRequestSchema: every object of a request schema refuses unknown keys', () => {
  it('at the top and at depth, through optional, nullable, array, record, tuple and default', () => {
    const schema = strictRequestSchema(
      z.object({
        list: z.optional(z.array(z.object({ a: z.string() }))),
        maybe: z.nullable(z.object({ b: z.string() })),
        byName: z.optional(z.record(z.string(), z.object({ c: z.string() }))),
        pair: z.optional(z.tuple([z.object({ d: z.string() })])),
        withDefault: z._default(z.object({ e: z.optional(z.string()) }), {}),
      }),
    );

    expect(issuesOf(schema, { maybe: null, extra: 1 })).toEqual([{ code: 'unrecognized_keys', path: [] }]);
    expect(issuesOf(schema, { maybe: null, list: [{ a: 'x', extra: 1 }] })).toEqual([
      { code: 'unrecognized_keys', path: ['list', 0] },
    ]);
    expect(issuesOf(schema, { maybe: { b: 'x', extra: 1 } })).toEqual([{ code: 'unrecognized_keys', path: ['maybe'] }]);
    expect(issuesOf(schema, { maybe: null, byName: { k: { c: 'x', extra: 1 } } })).toEqual([
      { code: 'unrecognized_keys', path: ['byName', 'k'] },
    ]);
    expect(issuesOf(schema, { maybe: null, pair: [{ d: 'x', extra: 1 }] })).toEqual([
      { code: 'unrecognized_keys', path: ['pair', 0] },
    ]);
    expect(issuesOf(schema, { maybe: null, withDefault: { extra: 1 } })).toEqual([
      { code: 'unrecognized_keys', path: ['withDefault'] },
    ]);
    expect(z.parse(schema, { maybe: null })).toEqual({ maybe: null, withDefault: {} });
  });

  it('in each option of a union and a discriminated union', () => {
    const union = strictRequestSchema(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]));
    const tagged = strictRequestSchema(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('one'), a: z.string() }),
        z.object({ kind: z.literal('two') }),
      ]),
    );

    expect(z.safeParse(union, { a: 'x', extra: 1 }).success).toBe(false);
    expect(z.parse(union, { b: 2 })).toEqual({ b: 2 });
    expect(issuesOf(tagged, { kind: 'two', a: 'x' })).toEqual([{ code: 'unrecognized_keys', path: [] }]);
    expect(z.parse(tagged, { kind: 'one', a: 'x' })).toEqual({ kind: 'one', a: 'x' });
  });

  it('keeps what the schema does: pipes and their transforms, checks on the object, its output', () => {
    const trimmed = z.pipe(z.string().check(z.trim()), z.string().check(z.minLength(1)));
    const schema = strictRequestSchema(
      z
        .object({ name: trimmed, count: z.optional(z.coerce.number()) })
        .check(z.refine((value) => value.name !== 'forbidden', 'Not that name')),
    );

    expect(z.parse(schema, { name: '  savings ', count: '3' })).toEqual({ name: 'savings', count: 3 });
    expect(issuesOf(schema, { name: 'forbidden' })).toEqual([{ code: 'custom', path: [] }]);
    expect(issuesOf(schema, { name: '   ' })).toEqual([{ code: 'too_small', path: ['name'] }]);
  });

  it('leaves an object that chose its own rule: loose stays loose, strict stays strict', () => {
    const loose = strictRequestSchema(z.object({ inner: z.looseObject({ a: z.string() }) }));
    const strict = strictRequestSchema(z.strictObject({ a: z.string() }));

    expect(z.parse(loose, { inner: { a: 'x', extra: 1 } })).toEqual({ inner: { a: 'x', extra: 1 } });
    expect(issuesOf(loose, { inner: { a: 'x' }, extra: 1 })).toEqual([{ code: 'unrecognized_keys', path: [] }]);
    expect(issuesOf(strict, { a: 'x', extra: 1 })).toEqual([{ code: 'unrecognized_keys', path: [] }]);
  });

  it('copies: the contract schema itself still strips unknown keys (answers and the app use it)', () => {
    const original = z.object({ a: z.string(), inner: z.object({ b: z.string() }) });
    strictRequestSchema(original);

    expect(z.parse(original, { a: 'x', inner: { b: 'y', extra: 1 }, extra: 2 })).toEqual({ a: 'x', inner: { b: 'y' } });
  });
});
