import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addressBookEntry } from '../../src/contract/address-book';
import { depositAddress } from '../../src/contract/deposit-address';
import { apiBasePath, type EndpointDefinition, type HttpMethod } from '../../src/contract/endpoint';
import { apiErrorBody } from '../../src/contract/errors';
import { p2cErrorCodes } from '../../src/contract/p2c';
import { databaseRefusalCodes } from '../../src/server/http/error-handler';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { createSession } from '../../src/server/modules/auth/sessions';
import { upsertUser } from '../../src/server/modules/users/service';
import { seedDeposit, seedWithdrawal } from './helpers/ledger';
import { activatePassCode, caller, fakeBotApi, ok } from './helpers/security';
import { createTestServer, type TestServer } from './helpers/test-server';

// Malformed input on every endpoint of the contract: wrong types, NUL characters, lone
// surrogates, huge strings, unknown and missing fields, negative and huge numbers, bad path
// params, broken JSON, wrong content types and methods, sent by a user who owns data (a balance,
// an address-book entry, a deposit address, a withdrawal, a passcode and e-mail). Every answer
// must be a 4xx `{ code, message }` of the kind the mistake calls for, and the database must not
// change. Endpoints are collected from the contract's exports, so a new endpoint is fuzzed (and
// must be registered) without touching this file.

// ---------------------------------------------------------------------------------------------
// The contract's endpoints, from every export of src/contract

const fuzzUserId = 900_000_001;

const httpMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface NamedEndpoint {
  /** The export that holds it, e.g. addressBookEndpoints.listAddressBook. */
  readonly name: string;
  readonly endpoint: EndpointDefinition;
}

function schemaOrUndefined(value: unknown): z.ZodMiniType | undefined {
  return value instanceof z.ZodMiniType ? value : undefined;
}

/** The value as an endpoint definition, when it is one (method, path, auth and a response schema). */
function endpointOf(value: unknown): EndpointDefinition | null {
  if (typeof value !== 'object' || value === null) return null;
  if (!('method' in value && 'path' in value && 'auth' in value && 'response' in value)) return null;
  const method = httpMethods.find((candidate) => candidate === value.method);
  const response = schemaOrUndefined(value.response);
  if (method === undefined || typeof value.path !== 'string' || typeof value.auth !== 'boolean') return null;
  if (response === undefined) return null;
  return {
    method,
    path: value.path,
    auth: value.auth,
    response,
    params: 'params' in value ? schemaOrUndefined(value.params) : undefined,
    query: 'query' in value ? schemaOrUndefined(value.query) : undefined,
    body: 'body' in value ? schemaOrUndefined(value.body) : undefined,
    ...('upload' in value && value.upload === true ? { upload: true } : {}),
  };
}

function collectEndpoints(): NamedEndpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/contract/*.ts', { eager: true });
  const found = new Map<string, NamedEndpoint>();
  const add = (name: string, value: unknown) => {
    const endpoint = endpointOf(value);
    if (endpoint === null) return false;
    const key = `${endpoint.method} ${endpoint.path}`;
    if (!found.has(key)) found.set(key, { name, endpoint });
    return true;
  };
  for (const module of Object.values(modules)) {
    for (const [exportName, value] of Object.entries(module)) {
      if (add(exportName, value) || typeof value !== 'object' || value === null) continue;
      for (const [key, inner] of Object.entries(value)) add(`${exportName}.${key}`, inner);
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const endpoints = collectEndpoints();

// ---------------------------------------------------------------------------------------------
// Reading the contract's schemas (test-side: what a field is, and plausible values for it)

type Schema = z.core.$ZodType;

/** The schema a value first meets: through optional, nullable, default, pipe (input side), … */
function unwrapped(schema: Schema): Schema {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodPrefault ||
    schema instanceof z.core.$ZodNonOptional ||
    schema instanceof z.core.$ZodReadonly ||
    schema instanceof z.core.$ZodCatch
  ) {
    return unwrapped(schema._zod.def.innerType);
  }
  if (schema instanceof z.core.$ZodPipe) return unwrapped(schema._zod.def.in);
  return schema;
}

function shapeOf(schema: Schema | undefined): z.core.$ZodShape | null {
  if (schema === undefined) return null;
  const inner = unwrapped(schema);
  return inner instanceof z.core.$ZodObject ? inner._zod.def.shape : null;
}

/** Strings fields may hold; filled in once the user's data exists (its ids come first). */
const candidates: string[] = [];

/** Values the field's own schema accepts, as far as the candidates and simple types go. */
function plausible(field: Schema): fc.Arbitrary<unknown> {
  const inner = unwrapped(field);
  if (inner instanceof z.core.$ZodObject) {
    return fc.record(
      Object.fromEntries(Object.entries(inner._zod.def.shape).map(([key, value]) => [key, plausible(value)])),
    );
  }
  if (inner instanceof z.core.$ZodEnum) return fc.constantFrom(...Object.values(inner._zod.def.entries));
  if (inner instanceof z.core.$ZodLiteral) return fc.constantFrom(...inner._zod.def.values);
  if (inner instanceof z.core.$ZodBoolean) return fc.boolean();
  if (inner instanceof z.core.$ZodNumber) return fc.constantFrom(1, 5, 20);
  if (inner instanceof z.core.$ZodArray) return fc.array(plausible(inner._zod.def.element), { maxLength: 2 });
  if (inner instanceof z.core.$ZodUnion) return fc.oneof(...inner._zod.def.options.map((option) => plausible(option)));
  const accepted = candidates.filter((candidate) => z.safeParse(field, candidate).success);
  return accepted.length > 0 ? fc.constantFrom(...accepted) : fc.constant('x');
}

function plausibleObject(schema: Schema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const shape = shapeOf(schema);
  if (shape === null) return fc.constant({});
  return fc.record(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, plausible(value)])));
}

/** Paths to every field of an object schema, nested objects included. */
function fieldPaths(schema: Schema | undefined, prefix: readonly string[] = []): string[][] {
  const shape = shapeOf(schema);
  if (shape === null) return [];
  return Object.entries(shape).flatMap(([key, value]) => [[...prefix, key], ...fieldPaths(value, [...prefix, key])]);
}

/** Paths to the objects of a schema (the part itself is []), where an unknown key can go. */
function objectPaths(schema: Schema | undefined, prefix: readonly string[] = []): string[][] {
  const shape = shapeOf(schema);
  if (shape === null) return [];
  return [[...prefix], ...Object.entries(shape).flatMap(([key, value]) => objectPaths(value, [...prefix, key]))];
}

// ---------------------------------------------------------------------------------------------
// Editing a request part at a path (copies, never in place)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function edit(value: unknown, path: readonly string[], change: (target: Record<string, unknown>, key: string) => void) {
  const [head, ...rest] = path;
  const copy: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  if (head === undefined) return copy;
  if (rest.length === 0) change(copy, head);
  else copy[head] = edit(copy[head], rest, change);
  return copy;
}

function setAt(value: unknown, path: readonly string[], next: unknown): Record<string, unknown> {
  return edit(value, path, (target, key) => {
    target[key] = next;
  });
}

function deleteAt(value: unknown, path: readonly string[]): Record<string, unknown> {
  return edit(value, path, (target, key) => {
    delete target[key];
  });
}

function getAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/** Adds `key` to the object at `path` (the part itself for []). */
function addKeyAt(value: unknown, path: readonly string[], key: string, next: unknown): Record<string, unknown> {
  if (path.length === 0) {
    const copy: Record<string, unknown> = isRecord(value) ? { ...value } : {};
    Object.defineProperty(copy, key, { value: next, enumerable: true, configurable: true, writable: true });
    return copy;
  }
  return setAt(value, path, addKeyAt(getAt(value, path), [], key, next));
}

// ---------------------------------------------------------------------------------------------
// Malformed values

/** An array nested this deep. */
function deeplyNested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

const hugeLengths = [129, 257, 4_097, 70_000] as const;

/** JSON values of the wrong type or out of range for (nearly) any field. */
const wrongJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    1.5,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
    '',
    ' ',
    '-1',
    '1e400',
    '99999999999999999999999',
    'NaN',
    'Infinity',
    [],
    {},
    [1, 'a'],
    { nested: { deeper: [null] } },
  ),
  fc.constantFrom(...hugeLengths).map((length) => 'a'.repeat(length)),
  fc.constant(deeplyNested(50)),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** Query values (always text) of the wrong kind or out of range. */
const wrongQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  fc.constantFrom<string | string[]>(
    '',
    ' ',
    'abc',
    '-1',
    '0',
    '1.5',
    '1e400',
    '99999999999999999999999',
    'NaN',
    'Infinity',
    '0x1F',
    '١٢٣',
    ' 1 ',
    'true',
    'null',
    '[]',
    '{}',
    ['1', '2'],
    ['a', 'b', 'c'],
  ),
  fc.constantFrom(...hugeLengths).map((length) => 'a'.repeat(length)),
  fc.string({ maxLength: 40 }),
);

/** Text with a NUL character somewhere in it. */
const withNul: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
  .map(([before, after]) => `${before}\u0000${after}`);

/** Text with half a UTF-16 surrogate pair (JSON bodies only: a URL cannot encode one). */
const withLoneSurrogate: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'))
  .map(([before, half]) => `${before}${half}`);

/** Keys no request schema defines. */
function unknownKey(known: readonly string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'user_id',
        'userId',
        'is_admin',
        'role',
        '',
        ' ',
        'a.b',
        '0',
      ),
      fc.string({ minLength: 1, maxLength: 20 }),
    )
    .filter((key) => !known.includes(key));
}

/** Path parameter values (as they appear in the URL) that name nothing the user owns. */
const badPathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    'x'.repeat(65),
    'x'.repeat(101),
    '%20',
    '-1',
    '0',
    '1e400',
    '99999999999999999999',
    'null',
    'undefined',
    '%F0%9F%98%80',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    encodeURIComponent("' or 1=1 --"),
  ),
  fc.uuid().map((uuid) => uuid.toUpperCase()),
  fc.string({ minLength: 1, maxLength: 30 }).map((text) => encodeURIComponent(text)),
);

// ---------------------------------------------------------------------------------------------
// Requests

type Auth = 'bearer' | 'none' | 'garbage';

interface FuzzCase {
  readonly label: string;
  readonly method: HttpMethod;
  readonly params: Record<string, string>;
  /** Query entries as they go on the URL (values encoded here). */
  readonly query: Record<string, unknown>;
  /** A JSON value, or a raw payload with its content type. */
  readonly body:
    | { readonly kind: 'none' }
    | { readonly kind: 'json'; readonly value: unknown }
    | { readonly kind: 'raw'; readonly payload: string; readonly contentType: string };
  /** Statuses the mistake calls for (429 and, without a valid session, 401 are always allowed). */
  readonly expected: readonly number[];
  /**
   * Whether the request is malformed by construction (NUL, unknown key, broken JSON, …) or only
   * when the contract's own schema refuses the changed part (a type, a length, a missing field):
   * those cases are skipped when the contract would accept them.
   */
  readonly check: { readonly part: 'params' | 'query' | 'body'; readonly value: unknown } | null;
  readonly auth: Auth;
}

function queryString(query: Record<string, unknown>): string {
  const pieces: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = typeof item === 'string' ? item : JSON.stringify(item);
      pieces.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return pieces.length === 0 ? '' : `?${pieces.join('&')}`;
}

/** Values of a plausible query as the URL carries them: text. */
function asQueryText(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]),
  );
}

function urlOf(endpoint: EndpointDefinition, params: Record<string, string>, query: Record<string, unknown>): string {
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => params[name] ?? 'missing');
  return `${apiBasePath}${path}${queryString(query)}`;
}

// ---------------------------------------------------------------------------------------------
// The database, row by row

const tableName = /^[a-z_][a-z0-9_]*$/;

/**
 * Columns that change on any request, so they are left out of the comparison:
 * - `sessions.last_seen_at`: authentication records that the session was used (before the
 *   request is validated; it is how the idle timeout works).
 * - `p2p_profiles.last_seen_at`: the same request records the market user's presence (at most
 *   once a minute, p2p-profile/presence.ts).
 * - `rate_limits`, every column: the rate limiter's own counters; they may count refused
 *   requests by design (a flood of malformed requests is still a flood) and hold no user data.
 * Every other column of every table must be byte for byte the same after a malformed request.
 */
const volatileColumns: Readonly<Record<string, readonly string[] | 'all'>> = {
  sessions: ['last_seen_at'],
  p2p_profiles: ['last_seen_at'],
  rate_limits: 'all',
};

/**
 * "METHOD /path" of every route in Fastify's route tree, e.g. "└── api/v1/wallet/asset (GET, HEAD)"
 * with "    └── /prices (GET, HEAD)" under it: each level of indentation is four characters.
 */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^((?:[│ ]{4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) return [];
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    stack.push(segment);
    const path = stack.join('').replace(/^\/+/, '/');
    return methods === '' ? [] : methods.split(', ').map((method) => `${method} ${path}`);
  });
}

const snapshotRows = z.object({ rows: z.array(z.object({ snapshot: z.record(z.string(), z.string()) })) });

describe('malformed input on every endpoint of the contract', () => {
  let server: TestServer;
  let token = '';
  let tables: string[] = [];

  async function snapshot(): Promise<Record<string, string>> {
    const parts = tables.map((table) => {
      const columns = volatileColumns[table] ?? [];
      if (columns === 'all') return `'${table}', ''`;
      const excluded = columns.map((column) => ` - '${column}'`).join('');
      return `'${table}', (select md5(coalesce(string_agg(r, '|' order by r), '')) from (select (to_jsonb(t)${excluded})::text as r from "${table}" t) s)`;
    });
    // A function takes at most 100 arguments (50 tables a call): one object per 40 tables, merged.
    const objects: string[] = [];
    for (let start = 0; start < parts.length; start += 40) {
      objects.push(`jsonb_build_object(${parts.slice(start, start + 40).join(', ')})`);
    }
    const result: unknown = await server.database.db.execute(sql.raw(`select ${objects.join(' || ')} as snapshot`));
    const snapshotRow = z.parse(snapshotRows, result).rows[0];
    if (snapshotRow === undefined) throw new Error('The snapshot query answered no row');
    return snapshotRow.snapshot;
  }

  beforeAll(async () => {
    const bot = fakeBotApi();
    // The user is a compliance operator too, so the operator area's endpoints are reached (for
    // anyone else they answer 404 before reading anything: tests/server/operator.test.ts).
    // The fuzzing user sees the whole P2P market and P2C, so well-formed P2P and P2C requests reach
    // their handlers (and answer 404 for what names nothing) instead of stopping at the feature
    // gate: a shop's code id is any 8–64 letters and digits, so a fuzzed path value can be a
    // well-formed one.
    server = await createTestServer({
      security: { botApi: bot },
      operatorIds: [fuzzUserId],
      featureFlags: {
        public: ['show_p2p', 'show_p2p_offers', 'show_p2p_methods', 'show_p2c'],
        tester: [],
        testerIds: new Set(),
      },
    });
    const db = server.database.db;
    await upsertUser(db, { id: fuzzUserId, firstName: 'Fuzz' });
    const user = { userId: fuzzUserId, token: (await createSession(db, fuzzUserId)).token };
    token = user.token;
    const call = caller(server, token);

    // What the user owns: a balance, a withdrawal, an address-book entry, a deposit address,
    // a confirmed e-mail and a passcode.
    await seedDeposit(db, {
      userId: user.userId,
      asset: 'BTC',
      network: 'BTC',
      amount: 5_000_000n,
      address: generateDepositAddress('BTC'),
    });
    const withdrawalId = await seedWithdrawal(db, {
      userId: user.userId,
      asset: 'BTC',
      network: 'BTC',
      amount: 100_000n,
      fee: 1_000n,
      address: generateDepositAddress('BTC'),
      status: 'completed',
    });
    const entry = ok(
      await call('POST', '/wallet/address-book', {
        network: 'TON',
        address: generateDepositAddress('TON'),
        title: 'savings',
      }),
      addressBookEntry,
    );
    const main = ok(await call('GET', '/wallet/address/TON'), z.object({ items: z.array(depositAddress) })).items[0];
    if (main === undefined) throw new Error('No main deposit address');
    await activatePassCode(server, call, user.userId, bot);

    candidates.push(
      entry.id,
      withdrawalId,
      main.id,
      randomUUID(),
      'BTC',
      'TON',
      'USD',
      'en',
      'Europe/Moscow',
      '1234',
      '123456',
      'a'.repeat(64),
      'user@example.com',
      'savings',
      'phone-1',
      'x'.repeat(32),
      generateDepositAddress('BTC'),
      '50000',
      'abc123',
    );

    const tableRows = z.parse(
      z.object({ rows: z.array(z.object({ table_name: z.string() })) }),
      await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    );
    tables = tableRows.rows.map((row) => row.table_name).filter((table) => tableName.test(table));
    await server.app.ready();
  });
  afterAll(() => server.close());

  it('finds the contract: every endpoint is registered, and every API route is in the contract', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    const unregistered = endpoints.filter(
      ({ endpoint }) => !server.app.hasRoute({ method: endpoint.method, url: `${apiBasePath}${endpoint.path}` }),
    );
    expect(unregistered.map(({ name }) => name)).toEqual([]);

    // Routes under /api/v1 that no contract endpoint describes would escape this test.
    const inContract = new Set(endpoints.map(({ endpoint }) => `${endpoint.method} ${apiBasePath}${endpoint.path}`));
    const routes = registeredRoutes(server.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.includes(` ${apiBasePath}/`) && !route.startsWith('HEAD '),
    );
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => !inContract.has(route))).toEqual([]);
  });

  it('covers the tables: every table of the schema is compared, and the volatile columns exist', async () => {
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'withdrawals', 'address_book_entries']));
    for (const table of Object.keys(volatileColumns)) expect(tables).toContain(table);
  });

  /**
   * P2C's roles refuse a person as a whole, before anything a request names is read (the fuzzing
   * user is neither a P2C client nor a merchant), so a well-formed request meets the role's 403,
   * which names nothing.
   */
  const p2cRoleRefusals: ReadonlySet<string> = new Set([
    p2cErrorCodes.payForbidden,
    p2cErrorCodes.takeForbidden,
    p2cErrorCodes.accountsForbidden,
  ]);
  const refusedForItsRole = (name: string, response: LightMyRequestResponse): boolean => {
    if (!name.startsWith('p2cEndpoints.') || response.statusCode !== 403) return false;
    const body = z.safeParse(apiErrorBody, response.json());
    return body.success && p2cRoleRefusals.has(body.data.code);
  };

  for (const { name, endpoint } of endpoints) {
    it(`${name}: ${endpoint.method} ${endpoint.path} answers 4xx { code, message } and changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(fuzzCase(endpoint), async (fuzz) => {
          if (fuzz.check !== null) {
            const schema = endpoint[fuzz.check.part];
            fc.pre(schema === undefined || !z.safeParse(schema, fuzz.check.value).success);
          }
          const before = await snapshot();
          const response = await send(endpoint, fuzz);
          const after = await snapshot();

          // Without a valid session the operator area answers the 404 of a path that does not exist.
          const refusedUnsigned = endpoint.path.startsWith('/operator/') ? 404 : 401;
          const allowed = new Set([
            ...fuzz.expected,
            429,
            ...(fuzz.auth === 'bearer' || !endpoint.auth ? [] : [refusedUnsigned]),
          ]);
          const outcome = `${fuzz.label}: ${fuzz.method} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(allowed.has(response.statusCode) || refusedForItsRole(name, response), outcome).toBe(true);
          const body = z.safeParse(apiErrorBody, response.json());
          expect(body.success, outcome).toBe(true);
          expect(Object.values(databaseRefusalCodes), outcome).not.toContain(body.data?.code);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          expect(changed, `${outcome}; tables changed`).toEqual([]);
        }),
        { numRuns: 30, maxSkipsPerRun: 50 },
      );
    });
  }

  function send(endpoint: EndpointDefinition, fuzz: FuzzCase): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (fuzz.auth === 'bearer') headers.authorization = `Bearer ${token}`;
    if (fuzz.auth === 'garbage') headers.authorization = `Bearer ${token.slice(0, -2)}xx`;
    const options: InjectOptions = {
      method: fuzz.method,
      url: urlOf(endpoint, fuzz.params, fuzz.query),
      headers,
    };
    if (fuzz.body.kind === 'json') {
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(fuzz.body.value) ?? 'null';
    }
    if (fuzz.body.kind === 'raw') {
      headers['content-type'] = fuzz.body.contentType;
      options.payload = fuzz.body.payload;
    }
    return server.app.inject(options);
  }

  /** The concrete paths a contract path with `:name` parameters matches. */
  function pathPattern(path: string): RegExp {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+');
    return new RegExp(`^${escaped}$`);
  }

  /** Malformed requests for one endpoint, each built on plausible values of its other parts. */
  function fuzzCase(endpoint: EndpointDefinition): fc.Arbitrary<FuzzCase> {
    const paramNames = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');
    const base = fc.record({
      params: plausibleObject(endpoint.params).map((params) =>
        Object.fromEntries(paramNames.map((name) => [name, encodeURIComponent(String(params[name] ?? 'x'))])),
      ),
      query: plausibleObject(endpoint.query).map(asQueryText),
      body: plausibleObject(endpoint.body),
      auth: fc.constantFrom<Auth>('bearer', 'bearer', 'bearer', 'bearer', 'bearer', 'none', 'garbage'),
    });
    const takesBody = endpoint.method !== 'GET';
    const bodyFields = fieldPaths(endpoint.body);
    const bodyObjects = endpoint.body === undefined ? [[]] : objectPaths(endpoint.body);
    const queryFields = fieldPaths(endpoint.query);
    const knownQuery = Object.keys(shapeOf(endpoint.query) ?? {});
    const methodsOfPath = httpMethods.filter((method) =>
      server.app.hasRoute({ method, url: `${apiBasePath}${endpoint.path}` }),
    );
    // A static path such as /p2p/offers/my is also a value of a parametric one (/p2p/offers/:id):
    // a method only that one has is that call's (with a refused id), not a method the path lacks.
    const methodsOfMatchingPatterns = endpoints
      .filter(({ endpoint: other }) => other !== endpoint && pathPattern(other.path).test(endpoint.path))
      .map(({ endpoint: other }) => other.method);
    const otherMethods = (['POST', 'PUT', 'PATCH', 'DELETE'] as const).filter(
      (method) => !methodsOfPath.includes(method) && !methodsOfMatchingPatterns.includes(method),
    );

    const mutations: fc.Arbitrary<(b: BaseCase) => FuzzCase>[] = [];
    const make =
      (label: string, expected: readonly number[], change: (b: BaseCase) => Partial<FuzzCase>) =>
      (b: BaseCase): FuzzCase => ({
        label,
        method: endpoint.method,
        params: b.params,
        query: b.query,
        body: takesBody && endpoint.body !== undefined ? { kind: 'json', value: b.body } : { kind: 'none' },
        expected,
        check: null,
        auth: b.auth,
        ...change(b),
      });

    // Query: an unknown key on every endpoint; field mutations where there is a query.
    mutations.push(
      fc.tuple(unknownKey(knownQuery), fc.oneof(fc.string({ maxLength: 10 }), fc.constant('1'))).map(([key, value]) =>
        make(`unknown query field ${JSON.stringify(key)}`, [400], (b) => ({
          query: addKeyAt(b.query, [], key, value),
        })),
      ),
    );
    if (queryFields.length > 0) {
      const field = fc.constantFrom(...queryFields);
      mutations.push(
        fc
          .tuple(field, withNul)
          .map(([path, value]) =>
            make(`NUL in query ${path.join('.')}`, [400], (b) => ({ query: setAt(b.query, path, value) })),
          ),
        fc.tuple(field, wrongQueryValue).map(([path, value]) =>
          make(`query ${path.join('.')} = ${JSON.stringify(value).slice(0, 40)}`, [400], (b) => {
            const query = setAt(b.query, path, value);
            return { query, check: { part: 'query', value: query } };
          }),
        ),
      );
    }

    // Body: fields of a body schema, or any body where the endpoint takes none.
    if (takesBody && endpoint.body !== undefined) {
      const objects = fc.constantFrom(...bodyObjects);
      mutations.push(
        fc
          .tuple(objects, unknownKey(fieldPaths(endpoint.body).map((path) => path.at(-1) ?? '')), wrongJsonValue)
          .map(([path, key, value]) =>
            make(`unknown body field ${JSON.stringify(key)} at ${path.join('.') || 'top'}`, [400], (b) => ({
              body: { kind: 'json', value: addKeyAt(b.body, path, key, value) },
            })),
          ),
        fc.constantFrom<unknown>(null, [], [{}], 'text', 1, true, deeplyNested(50)).map((value) =>
          make(`body ${JSON.stringify(value).slice(0, 20)}`, [400], () => ({
            body: { kind: 'json', value },
            check: { part: 'body', value },
          })),
        ),
      );
      if (bodyFields.length > 0) {
        const field = fc.constantFrom(...bodyFields);
        mutations.push(
          fc.tuple(field, fc.oneof(withNul, withLoneSurrogate)).map(([path, value]) =>
            make(`bad text in body ${path.join('.')}`, [400], (b) => ({
              body: { kind: 'json', value: setAt(b.body, path, value) },
            })),
          ),
          fc.tuple(field, wrongJsonValue).map(([path, value]) =>
            make(`body ${path.join('.')} = ${String(JSON.stringify(value)).slice(0, 40)}`, [400], (b) => {
              const body = setAt(b.body, path, value);
              return { body: { kind: 'json', value: body }, check: { part: 'body', value: body } };
            }),
          ),
          field.map((path) =>
            make(`body without ${path.join('.')}`, [400], (b) => {
              const body = deleteAt(b.body, path);
              return { body: { kind: 'json', value: body }, check: { part: 'body', value: body } };
            }),
          ),
          fc.tuple(field, fc.constant('a'.repeat(1_100_000))).map(([path, value]) =>
            make(`body ${path.join('.')} over the body limit`, [413], (b) => ({
              body: { kind: 'json', value: setAt(b.body, path, value) },
            })),
          ),
        );
      }
    }
    if (takesBody && endpoint.body === undefined) {
      mutations.push(
        fc
          .oneof(
            fc.tuple(unknownKey([]), wrongJsonValue).map(([key, value]) => addKeyAt({}, [], key, value)),
            fc.constantFrom<unknown>([], 'text', 1, true, [{}]),
          )
          .map((value) =>
            make(`body ${String(JSON.stringify(value)).slice(0, 30)} where none is taken`, [400], () => ({
              body: { kind: 'json', value },
            })),
          ),
      );
    }
    if (takesBody) {
      mutations.push(
        fc
          .constantFrom(
            '{"a":',
            '{',
            '[1,]',
            '"\\u0000',
            'null x',
            '{"a":1}{"b":2}',
            "{'a':1}",
            '\u0000',
            '',
            // Nested far deeper than any call stack: a recursive walk of the body would overflow.
            `{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
            `{"deep":${'['.repeat(50_000)}{"__proto__":{"admin":true}}${']'.repeat(50_000)}}`,
          )
          .map((payload) =>
            make(`broken JSON ${JSON.stringify(payload.slice(0, 30))}`, [400], () => ({
              body: { kind: 'raw', payload, contentType: 'application/json' },
            })),
          ),
        fc
          .tuple(
            // Multipart is what an upload endpoint takes (its malformed forms: tests/server/uploads.test.ts).
            fc.constantFrom(
              'application/x-www-form-urlencoded',
              ...(endpoint.upload === true ? [] : ['multipart/form-data; boundary=x']),
              'application/xml',
            ),
            fc.constantFrom('a=1', '<a/>', '--x--'),
          )
          .map(([contentType, payload]) =>
            make(`content type ${contentType}`, [415], () => ({ body: { kind: 'raw', payload, contentType } })),
          ),
      );
    }

    // Path params: values that name nothing (404) or that the params schema refuses (400).
    if (paramNames.length > 0) {
      mutations.push(
        fc.tuple(fc.constantFrom(...paramNames), badPathSegment).map(([name, segment]) =>
          make(`path ${name} = ${segment.slice(0, 40)}`, [400, 404, 414], (b) => ({
            params: { ...b.params, [name]: segment },
          })),
        ),
      );
    }

    // A method the path does not have.
    if (otherMethods.length > 0) {
      mutations.push(
        fc.constantFrom(...otherMethods).map((method) =>
          make(`method ${method}`, [404, 405], (b) => ({
            method,
            body: { kind: 'json', value: b.body },
          })),
        ),
      );
    }

    return fc.tuple(base, fc.oneof(...mutations)).map(([b, mutate]) => mutate(b));
  }
});

type BaseCase = Pick<FuzzCase, 'params' | 'query' | 'auth'> & { readonly body: Record<string, unknown> };
