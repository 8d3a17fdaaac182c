import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody } from '../../src/contract/errors';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { checkAddress } from '../../src/server/integrations/chain/check';
import { addDepositAddress, createdWithdrawal, withdrawalRow } from './helpers/chain';
import { userBalance } from './helpers/ledger';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

let local: TestServer;
let hosted: TestServer;

beforeAll(async () => {
  local = await createTestServer({ telegram: { localMode: true } });
  hosted = await createTestServer();
});

afterAll(async () => {
  await local.close();
  await hosted.close();
});

function post(server: TestServer, url: string, payload: Record<string, unknown>) {
  return server.app.inject({ method: 'POST', url, payload });
}

function expectError(response: { statusCode: number; json(): unknown }, status: number, code: string): void {
  expect(response.statusCode).toBe(status);
  expect(z.parse(apiErrorBody, response.json())).toMatchObject({ code });
}

describe('the /local/chain controls in local mode', () => {
  it('POST /local/chain/deposit credits a deposit address and answers what happened', async () => {
    const { userId } = await signInTestUser(local.database);
    const address = await addDepositAddress(local.database.db, userId, 'TRX');

    const response = await post(local, '/local/chain/deposit', { address, amount: '100', asset: 'TRX' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      network: 'TRX',
      asset: 'TRX',
      address,
      amount: '100000000',
      status: 'credited',
      user_id: userId,
      already_recorded: false,
    });
    expect(await userBalance(local.database.db, userId, 'TRX')).toEqual({ available: 100_000_000n, held: 0n });
  });

  it('POST /local/chain/deposit refuses a malformed body with validation_failed', async () => {
    expectError(await post(local, '/local/chain/deposit', { address: 'x', amount: '-1' }), 400, 'validation_failed');
    expectError(
      await post(local, '/local/chain/deposit', {
        address: generateDepositAddress('TON'),
        amount: '1',
        network: 'DOGE',
      }),
      400,
      'validation_failed',
    );
  });

  it('POST /local/chain/withdrawal/:id/:outcome applies the outcome or explains why not', async () => {
    const { userId } = await signInTestUser(local.database);
    const id = await createdWithdrawal(local.database.db, {
      userId,
      asset: 'BTC',
      network: 'BTC',
      amount: 50_000n,
      fee: 1000n,
      startingBalance: 100_000n,
    });

    const canceled = await post(local, `/local/chain/withdrawal/${id}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toEqual({ id, from: 'created', to: 'canceled' });
    expect((await withdrawalRow(local.database.db, id)).status).toBe('canceled');
    expect(await userBalance(local.database.db, userId, 'BTC')).toEqual({ available: 100_000n, held: 0n });

    expectError(await post(local, `/local/chain/withdrawal/${id}/fail`, {}), 409, 'withdrawal_status_conflict');
    expectError(
      await post(local, `/local/chain/withdrawal/${crypto.randomUUID()}/fail`, {}),
      404,
      'withdrawal_not_found',
    );
    expectError(await post(local, `/local/chain/withdrawal/${id}/explode`, {}), 400, 'validation_failed');
    expectError(await post(local, '/local/chain/withdrawal/not-a-uuid/fail', {}), 400, 'validation_failed');
  });

  it('POST /local/chain/flag flags an address that the address check then reports', async () => {
    const address = generateDepositAddress('LTC');

    const response = await post(local, '/local/chain/flag', { network: 'LTC', address, flag: 'blocked' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ network: 'LTC', address, flag: 'blocked' });
    expect(await checkAddress(local.database.db, { network: 'LTC', asset: 'LTC', address })).toEqual({
      result: 'blocked',
    });
    expectError(
      await post(local, '/local/chain/flag', { network: 'ETH', address, flag: 'blocked' }),
      422,
      'invalid_address',
    );
  });
});

describe('the /local/chain controls outside local mode', () => {
  it('do not exist', async () => {
    const id = crypto.randomUUID();
    for (const [url, payload] of [
      ['/local/chain/deposit', { address: generateDepositAddress('TON'), amount: '1' }],
      [`/local/chain/withdrawal/${id}/fail`, {}],
      ['/local/chain/flag', { network: 'TON', address: generateDepositAddress('TON'), flag: 'blocked' }],
    ] as const) {
      expectError(await post(hosted, url, payload), 404, 'not_found');
    }
  });
});
