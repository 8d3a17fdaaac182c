/**
 * The taken payment's page /p2c/orders/{id} and /p2c/orders/choose-method (issue 14): the code to
 * pay, the time left, the receipt step with its own URL, the account (the only active one chosen
 * by itself, else chosen on its page), "Mark paid" behind a confirmation with the chosen account,
 * refusals, and what the page says once the payment moved on. The whole app with a fake server;
 * literal expectations from merchantFixtures.ts.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILES } from '../../machines/support/documentUploadModel.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { settle } from '../support/heldServer.ts';
import { HeldFileReader, HeldUploadServer } from '../support/heldUploads.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { card, clockAtNow, merchantSession, paymentFixture, stubMerchantServer } from './merchantFixtures.ts';

fakeTimersForEachTest();
beforeEach(clockAtNow);
beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const receipt = {
  id: 'chk_1',
  name: 'receipt.pdf',
  media_type: 'application/pdf',
  size: 52000,
  uploaded_at: '2026-03-10T12:01:00Z',
};

function start(
  options: Parameters<typeof stubMerchantServer>[0] = {},
  path = '/p2c/orders/31',
  kind: 'web' | 'mini-app' = 'web',
) {
  const sent = stubMerchantServer(options);
  const platform = fakePlatform(kind);
  const app = renderApp({ path, platform, session: fakeSession(merchantSession()) });
  return { ...app, platform, sent };
}

const mainAction = (platform: ReturnType<typeof fakePlatform>) => {
  const main = platform.screenActions.snapshot().main;
  return main === null ? null : { label: main.label, disabled: main.disabled ?? false };
};

describe('paying a taken payment', () => {
  it('shows the code to pay, payee, roubles, the time left and the reward; Mark paid waits for the receipt', async () => {
    const { platform } = start({}, '/p2c/orders/31', 'mini-app');
    expect(await shows('Pay 1 500.00 ₽')).toBeTruthy();
    expect(screen.getByText('Coffee House · Sberbank')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Time left to pay: 04:00');
    expect(screen.getByRole('img', { name: 'The shop’s payment QR code' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in the bank app' }).getAttribute('href')).toBe(
      'https://qr.nspk.ru/AD10006M8KH3QO9J8QS9A7NNF1JK2B6F?type=02&bank=100000000111&sum=150000&cur=RUB&crc=AB75',
    );
    expect(screen.getByText('You receive')).toBeTruthy();
    expect(screen.getByText('16 USDT')).toBeTruthy();
    // The only active account is the one paid from, unless another is chosen.
    expect(await shows('Tinkoff •••• 4417')).toBeTruthy();
    expect(mainAction(platform)).toEqual({ label: 'Mark paid', disabled: true });
  });

  it('the receipt has its own step; once uploaded, Mark paid asks, then sends the account and shows completed', async () => {
    const server = new HeldUploadServer();
    server.install();
    const reader = new HeldFileReader();
    reader.install();
    const completed = paymentFixture({
      status: 'completed',
      method: 'qr-paid',
      deadline_at: null,
      paid_at: '2026-03-10T12:02:00Z',
      check: receipt,
      account: { id: 5, bank_name: 'Tinkoff', number_last4: '4417' },
    });
    const { platform, router, sent } = start({ moves: { 'POST /p2c/payments/31/paid': completed } });
    await shows('Pay 1 500.00 ₽');
    act(() => void fireEvent.click(screen.getByRole('button', { name: /Upload the receipt/ })));
    expect(
      await shows('The bank’s receipt for paying 1 500.00 ₽ to Coffee House: a screenshot or a PDF.'),
    ).toBeTruthy();
    expect(router.state.location.search).toEqual({ step: 'check' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (picker === null) throw new Error('no file picker');
    act(() => void fireEvent.change(picker, { target: { files: [FILES.photo] } }));
    await act(() => settle());
    reader.finish(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]));
    await act(() => settle());
    act(() => platform.screenActions.press('main'));
    await act(() => settle());
    expect(server.last()?.route).toBe('POST /p2c/payments/31/check');
    server.answer(200, receipt);
    expect(await shows('Receipt uploaded')).toBeTruthy();
    expect(router.state.location.search).toEqual({});
    expect(mainAction(platform)).toEqual({ label: 'Mark paid', disabled: false });
    act(() => platform.screenActions.press('main'));
    expect(await shows('Did you pay 1 500.00 ₽?')).toBeTruthy();
    expect(sent('POST /p2c/payments/31/paid')).toEqual([]);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Yes, I paid' })));
    expect(await shows(/^Completed\./)).toBeTruthy();
    expect(sent('POST /p2c/payments/31/paid')).toEqual([{ account_id: 5 }]);
    expect(screen.getByText(/^Completed\./).textContent).toBe(
      'Completed. 16\u00a0USDT is yours; it stays on hold for 24 hours in case the client disputes the payment.',
    );
    expect(mainAction(platform)).toBeNull();
  });

  it('an account no longer active: the reason, and Mark paid waits for another account', async () => {
    const { platform } = start({
      payment: paymentFixture({ check: receipt }),
      answers: {
        'POST /p2c/payments/31/paid': { status: 422, body: { code: 'account_not_active', message: 'Not active' } },
      },
    });
    await shows('Tinkoff •••• 4417');
    expect(mainAction(platform)).toEqual({ label: 'Mark paid', disabled: false });
    act(() => platform.screenActions.press('main'));
    await shows('Did you pay 1 500.00 ₽?');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Yes, I paid' })));
    expect(await shows('That account is not active. Choose another.')).toBeTruthy();
    expect(mainAction(platform)).toEqual({ label: 'Mark paid', disabled: true });
  });

  it('two active accounts: none is taken for granted; the one chosen on choose-method comes back in the URL', async () => {
    const second = { ...card, id: 6, bank: { id: 'sber', name: 'Sberbank' }, number: '40817810000000001234' };
    const { router } = start({ payment: paymentFixture({ check: receipt }), accounts: [card, second] });
    expect(await shows('Choose an account')).toBeTruthy();
    act(() => void fireEvent.click(screen.getByRole('link', { name: /Paid from/ })));
    expect(await shows('The account you paid the shop’s code from.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/p2c/orders/choose-method');
    act(() => void fireEvent.click(screen.getByRole('radio', { name: /Sberbank •••• 1234/ })));
    await shows('Pay 1 500.00 ₽');
    expect(screen.getByRole('link', { name: /Paid from/ }).textContent).toBe('Paid fromSberbank •••• 1234');
    expect(router.state.location.pathname).toBe('/p2c/orders/31');
    expect(router.state.location.search).toEqual({ account: 6 });
    // Choosing again starts from the account chosen.
    act(() => void fireEvent.click(screen.getByRole('link', { name: /Paid from/ })));
    await shows('The account you paid the shop’s code from.');
    expect(screen.getByRole('radio', { name: /Sberbank •••• 1234/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: /Tinkoff •••• 4417/ }).getAttribute('aria-checked')).toBe('false');
  });

  it('when the time runs out the page says the payment was canceled, on its next refresh', async () => {
    const { platform } = start({
      moves: {},
      payment: paymentFixture(),
    });
    await shows('Pay 1 500.00 ₽');
    stubMerchantServer({ payment: paymentFixture({ status: 'canceled', deadline_at: null }) });
    await act(async () => {
      vi.advanceTimersByTime(5000);
      await settle();
    });
    expect(
      await shows('The time to pay ran out and the payment was canceled. The client got their crypto back.'),
    ).toBeTruthy();
    expect(mainAction(platform)).toBeNull();
    expect(screen.getByText('Not received')).toBeTruthy();
    expect(screen.queryByText('You receive')).toBeNull();
  });

  it('after support refunds the client, the reward row says the crypto went back to the client', async () => {
    start({ payment: paymentFixture({ status: 'refunded', deadline_at: null }) });
    expect(await shows('16 USDT')).toBeTruthy();
    expect(screen.getByText('Returned to the client')).toBeTruthy();
    expect(screen.queryByText('You receive')).toBeNull();
  });

  it('another person’s payment, or one they paid as client, is not found here', async () => {
    start({ answers: { 'GET /p2c/payments/31': { status: 404, body: { code: 'payment_not_found', message: 'No' } } } });
    expect(await shows('Payment not found')).toBeTruthy();
  });
});
