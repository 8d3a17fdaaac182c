import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { operatorP2cAccount, p2cAccount, p2cBank } from '../../src/contract/p2c';
import { userSettings as userSettingsAnswer } from '../../src/contract/settings';
import { p2cAccounts } from '../../src/server/db/schema/p2c';
import { userSettings } from '../../src/server/db/schema/users';
import { freshCardNumber, p2cTestServer } from './helpers/p2c-merchants';
import { expectError, ok } from './helpers/security';

const banks = z.object({ banks: z.array(p2cBank) });
const accounts = z.object({ accounts: z.array(p2cAccount) });
const operatorAccounts = z.object({ accounts: z.array(operatorP2cAccount) });

const card = (number: string) => ({ kind: 'card', bank_id: 'tinkoff', number, holder_name: 'IVAN PETROV' });

describe('P2C payment accounts', () => {
  const p2c = p2cTestServer();

  it('lists twelve Russian banks by id, named in the caller’s language', async () => {
    const person = await p2c.person();
    const english = ok(await person.send('GET', '/p2c/accounts/banks'), banks).banks;
    expect(english.map((bank) => bank.id)).toEqual([
      'sber',
      'tinkoff',
      'alfa',
      'vtb',
      'gazprombank',
      'raiffeisen',
      'rshb',
      'sovcombank',
      'psb',
      'pochtabank',
      'mkb',
      'ozon',
    ]);
    expect(english.slice(0, 3)).toEqual([
      { id: 'sber', name: 'Sberbank' },
      { id: 'tinkoff', name: 'T-Bank' },
      { id: 'alfa', name: 'Alfa-Bank' },
    ]);
    await person.send('PUT', '/user/settings', { language: 'ru' });
    const russian = ok(await person.send('GET', '/p2c/accounts/banks'), banks).banks;
    expect(russian.slice(0, 3)).toEqual([
      { id: 'sber', name: 'Сбербанк' },
      { id: 'tinkoff', name: 'Т-Банк' },
      { id: 'alfa', name: 'Альфа-Банк' },
    ]);
  });

  it('refuses an account to a person without the p2c-merchant level, who still reads an empty list', async () => {
    const person = await p2c.person();
    expectError(await person.send('POST', '/p2c/accounts', card('4111111111111111')), 403, 'p2c_accounts_forbidden');
    expect(ok(await person.send('GET', '/p2c/accounts'), accounts)).toEqual({ accounts: [] });
  });

  it('answers feature_disabled to a person whose show_p2c is off', async () => {
    const merchant = await p2c.merchant();
    await p2c
      .db()
      .update(userSettings)
      .set({ featureFlags: { show_p2c: false } })
      .where(eq(userSettings.userId, merchant.userId));
    expectError(await merchant.send('GET', '/p2c/accounts'), 403, 'feature_disabled');
    expectError(await merchant.send('POST', '/p2c/accounts', card('4111111111111111')), 403, 'feature_disabled');
  });

  it('refuses a card number whose check digit is wrong, an account that is not 20 digits and an unknown bank', async () => {
    const merchant = await p2c.merchant();
    expectError(await merchant.send('POST', '/p2c/accounts', card('4111111111111112')), 422, 'account_number_invalid');
    expectError(
      await merchant.send('POST', '/p2c/accounts', card('41111111111111111113')),
      422,
      'account_number_invalid',
    );
    expectError(
      await merchant.send('POST', '/p2c/accounts', { ...card('4081781009991000431'), kind: 'account' }),
      422,
      'account_number_invalid',
    );
    expectError(
      await merchant.send('POST', '/p2c/accounts', { ...card('5555555555554444'), bank_id: 'monzo' }),
      422,
      'bank_unknown',
    );
    expect(ok(await merchant.send('GET', '/p2c/accounts'), accounts).accounts).toEqual([]);
  });

  it('creates a card and a 20-digit account as created, showing the whole number to its owner only and sealing it in the database', async () => {
    const merchant = await p2c.merchant();
    const created = ok(await merchant.send('POST', '/p2c/accounts', card('5555555555554444')), p2cAccount);
    expect(created).toMatchObject({
      status: 'created',
      kind: 'card',
      bank: { id: 'tinkoff', name: 'T-Bank' },
      number: '5555555555554444',
      holder_name: 'IVAN PETROV',
      documents: [],
      note: null,
    });
    const account = ok(
      await merchant.send('POST', '/p2c/accounts', {
        kind: 'account',
        bank_id: 'sber',
        number: '40817810099910004312',
        holder_name: 'Ivan Petrov',
      }),
      p2cAccount,
    );
    expect(account).toMatchObject({ status: 'created', kind: 'account', number: '40817810099910004312' });

    const [row] = await p2c.db().select().from(p2cAccounts).where(eq(p2cAccounts.id, created.id));
    expect(row?.numberLast4).toBe('4444');
    expect(row?.sealedDetails).not.toContain('5555555555554444');
    expect(row?.sealedDetails).not.toContain('PETROV');
    expect(row?.numberDigest).not.toContain('5555');
  });

  it('refuses the same number twice, from the same merchant or another, until support rejects it', async () => {
    const first = await p2c.merchant();
    const second = await p2c.merchant();
    const created = ok(await first.send('POST', '/p2c/accounts', card('4276380012345679')), p2cAccount);
    expectError(await first.send('POST', '/p2c/accounts', card('4276380012345679')), 409, 'account_duplicate');
    expectError(await second.send('POST', '/p2c/accounts', card('4276380012345679')), 409, 'account_duplicate');

    await p2c.uploadDocument(first, created.id);
    ok(await first.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount);
    ok(
      await p2c.support().send('POST', `/operator/p2c/accounts/${created.id}/decide`, {
        decision: 'reject',
        note: 'The statement names someone else',
      }),
      operatorP2cAccount,
    );
    expect(ok(await second.send('POST', '/p2c/accounts', card('4276380012345679')), p2cAccount).status).toBe('created');
  });

  it('takes an account through documents, submit, review, a request for documents and approval', async () => {
    const merchant = await p2c.merchant();
    const support = p2c.support();
    const created = ok(await merchant.send('POST', '/p2c/accounts', card(freshCardNumber())), p2cAccount);
    expectError(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), 422, 'account_document_required');

    const withDocument = await p2c.uploadDocument(merchant, created.id);
    expect(withDocument.documents).toMatchObject([
      { status: 'uploaded', name: 'statement.png', media_type: 'image/png' },
    ]);
    expect(ok(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount).status).toBe('pending');
    expectError(
      await merchant.send('PATCH', `/p2c/accounts/${created.id}`, { holder_name: 'PETR IVANOV' }),
      409,
      'account_status_conflict',
    );

    const waiting = ok(await support.send('GET', '/operator/p2c/accounts'), operatorAccounts).accounts;
    expect(waiting.find((item) => item.account.id === created.id)?.owner).toEqual({
      user_id: merchant.userId,
      telegram_id: merchant.userId,
      name: 'Alice',
    });

    const reviewed = ok(
      await support.send('POST', `/operator/p2c/accounts/${created.id}/decide`, { decision: 'review', note: '' }),
      operatorP2cAccount,
    );
    expect(reviewed.account.status).toBe('under_verification');
    expectError(
      await support.send('POST', `/operator/p2c/accounts/${created.id}/decide`, { decision: 'review', note: '' }),
      409,
      'account_status_conflict',
    );

    const requested = ok(
      await support.send('POST', `/operator/p2c/accounts/${created.id}/decide`, {
        decision: 'request_documents',
        note: 'Send a statement with the bank’s stamp',
      }),
      operatorP2cAccount,
    );
    expect(requested.account).toMatchObject({
      status: 'requested_verification',
      note: 'Send a statement with the bank’s stamp',
      documents: [{ status: 'rejected' }],
    });
    expectError(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), 422, 'account_document_required');
    // The second document comes a minute later: documents are listed in the order they came.
    p2c.setNow(new Date(Date.now() + 60_000));
    await p2c.uploadDocument(merchant, created.id);
    ok(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount);

    ok(
      await support.send('POST', `/operator/p2c/accounts/${created.id}/decide`, { decision: 'approve', note: 'Fine' }),
      operatorP2cAccount,
    );
    const approved = ok(await merchant.send('GET', `/p2c/accounts/${created.id}`), p2cAccount);
    expect(approved.status).toBe('active');
    expect(approved.note).toBe('Fine');
    expect(approved.documents.map((document) => document.status)).toEqual(['rejected', 'completed']);
    expectError(
      await support.send('POST', `/operator/p2c/accounts/${created.id}/decide`, { decision: 'reject', note: '' }),
      409,
      'account_status_conflict',
    );
  });

  it('lets a rejected account be edited, which returns it to created with the new number', async () => {
    const merchant = await p2c.merchant();
    const created = ok(await merchant.send('POST', '/p2c/accounts', card(freshCardNumber())), p2cAccount);
    await p2c.uploadDocument(merchant, created.id);
    ok(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount);
    ok(
      await p2c
        .support()
        .send('POST', `/operator/p2c/accounts/${created.id}/decide`, { decision: 'reject', note: 'x' }),
      operatorP2cAccount,
    );
    expectError(
      await merchant.send('PATCH', `/p2c/accounts/${created.id}`, { number: '4111111111111112' }),
      422,
      'account_number_invalid',
    );
    const edited = ok(
      await merchant.send('PATCH', `/p2c/accounts/${created.id}`, { number: '2200700000000009', bank_id: 'vtb' }),
      p2cAccount,
    );
    expect(edited).toMatchObject({ status: 'created', number: '2200700000000009', bank: { id: 'vtb', name: 'VTB' } });
  });

  it('sends a rejected account again once a new document is uploaded', async () => {
    const merchant = await p2c.merchant();
    const created = ok(await merchant.send('POST', '/p2c/accounts', card(freshCardNumber())), p2cAccount);
    await p2c.uploadDocument(merchant, created.id);
    ok(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount);
    ok(
      await p2c.support().send('POST', `/operator/p2c/accounts/${created.id}/decide`, {
        decision: 'reject',
        note: 'The photo is blurred',
      }),
      operatorP2cAccount,
    );
    expectError(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), 422, 'account_document_required');
    await p2c.uploadDocument(merchant, created.id);
    const sent = ok(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount);
    expect(sent.status).toBe('pending');
    expect(sent.documents.map((document) => document.status).sort()).toEqual(['rejected', 'uploaded']);
  });

  it('disables an active account and enables it again, refusing either from the wrong status', async () => {
    const merchant = await p2c.merchant();
    const account = await p2c.activeAccount(merchant);
    expectError(await merchant.send('POST', `/p2c/accounts/${account.id}/enable`), 409, 'account_status_conflict');
    expect(ok(await merchant.send('POST', `/p2c/accounts/${account.id}/disable`), p2cAccount).status).toBe('disabled');
    expectError(await merchant.send('POST', `/p2c/accounts/${account.id}/disable`), 409, 'account_status_conflict');
    expect(ok(await merchant.send('POST', `/p2c/accounts/${account.id}/enable`), p2cAccount).status).toBe('active');
  });

  it('answers 404 for another merchant’s account, whatever the call', async () => {
    const owner = await p2c.merchant();
    const other = await p2c.merchant();
    const account = await p2c.activeAccount(owner);
    expectError(await other.send('GET', `/p2c/accounts/${account.id}`), 404, 'account_not_found');
    expectError(
      await other.send('PATCH', `/p2c/accounts/${account.id}`, { holder_name: 'EVIL' }),
      404,
      'account_not_found',
    );
    expectError(await other.send('POST', `/p2c/accounts/${account.id}/submit`), 404, 'account_not_found');
    expectError(await other.send('POST', `/p2c/accounts/${account.id}/disable`), 404, 'account_not_found');
    const upload = await p2c.server().app.inject({
      method: 'POST',
      url: `/api/v1/p2c/accounts/${account.id}/documents`,
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expectError(upload, 404, 'account_not_found');
    expect(ok(await other.send('GET', '/p2c/accounts'), accounts)).toEqual({ accounts: [] });
  });

  it('hides the operator API from anyone who is not an operator', async () => {
    const merchant = await p2c.merchant();
    expect((await merchant.send('GET', '/operator/p2c/accounts')).statusCode).toBe(404);
  });

  it('answers can_accept_p2c_order only to an unblocked merchant with an active account', async () => {
    const merchant = await p2c.merchant();
    const permission = async () =>
      ok(await merchant.send('GET', '/user/settings'), userSettingsAnswer).permissions.can_accept_p2c_order;
    expect(await permission()).toBe(false);
    const account = await p2c.activeAccount(merchant);
    expect(await permission()).toBe(true);
    ok(await merchant.send('POST', `/p2c/accounts/${account.id}/disable`), p2cAccount);
    expect(await permission()).toBe(false);
    ok(await merchant.send('POST', `/p2c/accounts/${account.id}/enable`), p2cAccount);
    await p2c.db().update(userSettings).set({ complianceLock: true }).where(eq(userSettings.userId, merchant.userId));
    expect(await permission()).toBe(false);
  });
});
