/**
 * The merchant's payment accounts (issue 14): the list with statuses, adding one (checked before
 * sending, then the account's page), an account's page per status (send for review, turn off behind
 * a confirmation, support's note), the document step's own URL. The whole app with a fake server;
 * literal expectations.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { P2cAccount } from '../../../src/contract/p2c.ts';
import { type Answer, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { card, merchantSession } from './merchantFixtures.ts';

fakeTimersForEachTest();

const draft: P2cAccount = {
  ...card,
  id: 7,
  status: 'requested_verification',
  kind: 'account',
  bank: { id: 'sber', name: 'Sberbank' },
  number: '40817810099910004312',
  documents: [
    {
      id: 'doc1',
      status: 'rejected',
      name: 'statement.png',
      media_type: 'image/png',
      size: 1000,
      uploaded_at: '2026-03-09T10:00:00Z',
    },
  ],
  note: 'The statement must show the account number.',
};

const banks = {
  banks: [
    { id: 'sber', name: 'Sberbank' },
    { id: 'tinkoff', name: 'Tinkoff' },
  ],
};

function start(path: string, answers: Record<string, Answer> = {}) {
  const requests: FakeRequest[] = [];
  stubFetch((request) => {
    requests.push(request);
    const answer = answers[request.route];
    if (answer !== undefined) return answer;
    if (request.route === 'GET /p2c/accounts') return ok({ accounts: [card, draft] });
    if (request.route === 'GET /p2c/accounts/5') return ok(card);
    if (request.route === 'GET /p2c/accounts/7') return ok(draft);
    if (request.route === 'GET /p2c/accounts/banks') return ok(banks);
    return undefined;
  });
  const platform = fakePlatform('mini-app');
  const app = renderApp({ path, platform, session: fakeSession(merchantSession()) });
  const sent = (route: string) => requests.filter((request) => request.route === route).map((request) => request.body);
  return { ...app, platform, sent };
}

const main = (platform: ReturnType<typeof fakePlatform>) => platform.screenActions.snapshot().main;

describe('payment accounts', () => {
  it('lists each account by bank and last four digits with its status; Add account is the main action', async () => {
    const { platform, router } = start('/p2c/methods');
    expect(await shows('Tinkoff •••• 4417')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Tinkoff •••• 4417/ }).textContent).toBe(
      'Tinkoff •••• 4417Ivan PetrovActive',
    );
    expect(screen.getByRole('link', { name: /Sberbank •••• 4312/ }).textContent).toBe(
      'Sberbank •••• 4312Ivan PetrovMore documents needed',
    );
    expect(main(platform)?.label).toBe('Add account');
    act(() => platform.screenActions.press('main'));
    await shows('Add a payment account');
    expect(router.state.location.pathname).toBe('/p2c/methods/add');
  });

  it('adding checks the number and the bank first, then sends the card and opens its page', async () => {
    const created: P2cAccount = {
      ...card,
      id: 9,
      status: 'created',
      number: '2200000000000004',
      holder_name: 'Ivan Petrov',
    };
    const { platform, router, sent } = start('/p2c/methods/add', {
      'POST /p2c/accounts': ok(created),
      'GET /p2c/accounts/9': ok(created),
    });
    await shows('Sberbank');
    act(() => void fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '2200 0000 0000' } }));
    act(() => platform.screenActions.press('main'));
    expect(await shows('A card number has 16 to 19 digits.')).toBeTruthy();
    expect(screen.getByText('Enter the name on the account.')).toBeTruthy();
    expect(screen.getByText('Choose the bank.')).toBeTruthy();
    expect(sent('POST /p2c/accounts')).toEqual([]);
    act(
      () => void fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '2200 0000 0000 0004' } }),
    );
    act(() => void fireEvent.change(screen.getByLabelText('Holder’s name'), { target: { value: ' Ivan Petrov ' } }));
    act(() => void fireEvent.click(screen.getByRole('radio', { name: 'Tinkoff' })));
    act(() => platform.screenActions.press('main'));
    expect(await shows('Add a document proving the account is yours, then send it for review.')).toBeTruthy();
    expect(sent('POST /p2c/accounts')).toEqual([
      { kind: 'card', bank_id: 'tinkoff', number: '2200000000000004', holder_name: 'Ivan Petrov' },
    ]);
    expect(router.state.location.pathname).toBe('/p2c/methods/9');
  });

  it('an account sent back shows support’s note, its documents, and sends it for review again', async () => {
    const { platform, sent } = start('/p2c/methods/7', {
      'POST /p2c/accounts/7/submit': ok({ ...draft, status: 'pending' }),
    });
    expect(await shows('Support needs more documents. Add them and send the account again.')).toBeTruthy();
    expect(screen.getByText('The statement must show the account number.')).toBeTruthy();
    expect(screen.getByText('1 document')).toBeTruthy();
    expect(screen.getByText('Not accepted')).toBeTruthy();
    expect(main(platform)?.label).toBe('Send for review');
    act(() => platform.screenActions.press('main'));
    expect(await shows('Support will check the account soon.')).toBeTruthy();
    expect(sent('POST /p2c/accounts/7/submit')).toEqual([undefined]);
    expect(main(platform)).toBeNull();
  });

  it('adding a document is a step of its own URL', async () => {
    const { router } = start('/p2c/methods/7');
    await shows('Add a document');
    act(() => void fireEvent.click(screen.getByRole('button', { name: /Add a document/ })));
    expect(await shows('Choose a file')).toBeTruthy();
    expect(router.state.location.search).toEqual({ step: 'upload' });
  });

  it('an active account is turned off only after a confirmation', async () => {
    const { platform, sent } = start('/p2c/methods/5', {
      'POST /p2c/accounts/5/disable': ok({ ...card, status: 'disabled' }),
    });
    expect(await shows('You can pay shops’ codes from this account.')).toBeTruthy();
    expect(platform.screenActions.snapshot().secondary?.label).toBe('Turn off');
    act(() => platform.screenActions.press('secondary'));
    await shows('Turn this account off?');
    expect(sent('POST /p2c/accounts/5/disable')).toEqual([]);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(await shows('Turned off: payments cannot be marked paid from it.')).toBeTruthy();
    expect(sent('POST /p2c/accounts/5/disable')).toEqual([undefined]);
    expect(main(platform)?.label).toBe('Turn on');
  });
});
