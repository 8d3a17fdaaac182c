/**
 * The order's sub-pages (issue 13): releasing with the passcode (transaction type p2p, hash
 * p2p-release-12), opening and answering a dispute with an uploaded image, what each says when the
 * order does not offer its step, and the bot's deep links landing on them. The whole app with a
 * fake server; literal expectations from orderFixtures.ts.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveStartParam } from '../../../machines/deepLink/resolveStartParam.ts';
import type { Order } from '../../../src/contract/p2p-orders.ts';
import { marketSession } from '../p2pOffer/offerFixtures.ts';
import { type Answer, ok } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { HeldUploadServer } from '../support/heldUploads.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { clockAtNow, orderFixture, stubOrderServer } from './orderFixtures.ts';

const pendingForSeller = orderFixture({
  status: 'pending',
  side: 'seller',
  is_maker: true,
  actions: ['confirm_receipt', 'open_dispute'],
  timer: { kind: 'confirmation', due_at: '2026-03-10T12:30:00Z' },
  payment_method: { ...orderFixture().payment_method, details: null },
});

function start(path: string, order: Order, answers: Record<string, Answer> = {}) {
  const sent = stubOrderServer(order, answers);
  const platform = fakePlatform('web');
  const app = renderApp({ path, platform, session: fakeSession(marketSession()) });
  return { ...app, platform, sent };
}

async function answered() {
  await act(async () => {
    vi.advanceTimersByTime(0);
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  });
}

fakeTimersForEachTest();
beforeEach(clockAtNow);

describe('releasing with the passcode', () => {
  it('asks whether the money arrived, then the passcode for p2p-release-12, then releases with its token', async () => {
    const completed = { ...pendingForSeller, status: 'confirmed' as const, actions: [], timer: null };
    const { platform, router, sent } = start('/p2p/orders/12/confirm-payment', pendingForSeller, {
      'POST /security/pass-code/token': ok({ token: 'release-token-0001' }),
      'POST /p2p/orders/12/confirm': ok(completed),
    });
    expect(await shows('Did 9 550.00 ₽ arrive?')).toBeTruthy();
    expect(screen.getByText('anna_trades gets')).toBeTruthy();
    expect(platform.screenActions.snapshot().main?.label).toBe('Release 100\u00a0USDT');
    act(() => platform.screenActions.press('main'));
    await answered();
    expect(router.state.location.search).toEqual({ step: 'confirm' });
    const keypad = screen.getByRole('group', { name: 'Keypad' });
    for (const digit of '2580') fireEvent.click(within(keypad).getByRole('button', { name: digit }));
    expect(await shows('Releasing 100 USDT')).toBeTruthy();
    expect(sent('POST /security/pass-code/token')).toEqual([
      { code: '2580', transactionType: 'p2p', hash: 'p2p-release-12' },
    ]);
    expect(sent('POST /p2p/orders/12/confirm')).toEqual([{ token: 'release-token-0001' }]);
    expect(router.state.location.pathname).toBe('/p2p/orders/12');
  });

  it('the passcode step has its own URL: back returns to the question, a reload there asks again', async () => {
    const { platform, router, sent } = start('/p2p/orders/12/confirm-payment', pendingForSeller);
    await shows('Did 9 550.00 ₽ arrive?');
    act(() => platform.screenActions.press('main'));
    await answered();
    expect(screen.getByRole('group', { name: 'Keypad' })).toBeTruthy();
    act(() => router.history.back());
    expect(await shows('Did 9 550.00 ₽ arrive?')).toBeTruthy();
    expect(router.state.location.search).toEqual({});
    expect(sent('POST /p2p/orders/12/confirm')).toEqual([]);
  });

  it('opened on the passcode step’s URL, it asks whether the money arrived first', async () => {
    const { router } = start('/p2p/orders/12/confirm-payment?step=confirm', pendingForSeller);
    expect(await shows('Did 9 550.00 ₽ arrive?')).toBeTruthy();
    await answered();
    expect(router.state.location.search).toEqual({});
  });

  it('says there is nothing to release when the order does not wait for it', async () => {
    start('/p2p/orders/12/confirm-payment', orderFixture());
    expect(await shows('Nothing to release')).toBeTruthy();
    expect(screen.getByText('Order #12 does not wait for you to confirm a payment now.')).toBeTruthy();
  });
});

describe('the dispute forms', () => {
  it('opening one sends the reason, the message and the uploaded image, then shows the order', async () => {
    const uploads = new HeldUploadServer();
    uploads.install();
    const disputed = { ...pendingForSeller, status: 'disputed' as const, actions: [], timer: null };
    const { platform, router, sent } = start('/p2p/orders/12/create-dispute', pendingForSeller, {
      'POST /p2p/orders/12/dispute': ok(disputed),
    });
    expect(await shows('Open a dispute')).toBeTruthy();
    expect(platform.screenActions.snapshot().main).toMatchObject({ label: 'Open dispute', disabled: true });
    fireEvent.click(screen.getByRole('radio', { name: 'The payment has not arrived' }));
    fireEvent.change(screen.getByLabelText('What happened'), { target: { value: 'Nothing on my card.' } });
    const image = new File([new Uint8Array(10)], 'statement.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Add an image'), { target: { files: [image] } });
    expect(await shows('Uploading…')).toBeTruthy();
    expect(uploads.last()?.route).toBe('POST /p2p/orders/12/dispute/files');
    expect(platform.screenActions.snapshot().main).toMatchObject({ disabled: true });
    act(() => uploads.answer(200, { id: 'file-1', media_type: 'image/png', size: 10, name: 'statement.png' }));
    expect(await shows('Uploaded')).toBeTruthy();
    expect(platform.screenActions.snapshot().main).toMatchObject({ disabled: false });
    act(() => platform.screenActions.press('main'));
    await answered();
    expect(await shows('Support is reviewing the dispute')).toBeTruthy();
    expect(sent('POST /p2p/orders/12/dispute')).toEqual([
      { reason: 'payment_not_received', message: 'Nothing on my card.', file_ids: ['file-1'] },
    ]);
    expect(router.state.location.pathname).toBe('/p2p/orders/12');
  });

  it('a buyer before the seller’s time to confirm is over is told when a dispute opens', async () => {
    start('/p2p/orders/12/create-dispute', orderFixture({ status: 'pending', actions: ['unmark_paid'] }));
    expect(await shows('You can’t open a dispute now')).toBeTruthy();
    expect(screen.getByText('You can open a dispute once the seller’s time to confirm is over.')).toBeTruthy();
  });

  it('the answer form has no reason, and says when there is nothing to answer', async () => {
    start('/p2p/orders/12/dispute-response', orderFixture());
    expect(await shows('Nothing to answer')).toBeTruthy();
  });
});

describe('the bot’s deep links', () => {
  it('order-12, order-12-confirm-payment, -create-dispute and -dispute-response open their pages', () => {
    expect(resolveStartParam('order-12').path).toBe('/p2p/orders/12');
    expect(resolveStartParam('order-12-confirm-payment').path).toBe('/p2p/orders/12/confirm-payment');
    expect(resolveStartParam('order-12-create-dispute').path).toBe('/p2p/orders/12/create-dispute');
    expect(resolveStartParam('order-12-dispute-response').path).toBe('/p2p/orders/12/dispute-response');
  });

  it('order-12-dispute-response lands on the answer form of a dispute waiting for it', async () => {
    const asked = {
      ...pendingForSeller,
      status: 'disputed' as const,
      actions: ['respond_dispute' as const],
      timer: null,
    };
    start(resolveStartParam('order-12-dispute-response').path, asked);
    expect(await shows('Answer the dispute')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
