/**
 * The order page /p2p/orders/{id} (issue 13): per status and side what the person must do next
 * with the running timer, the buttons being exactly the actions the server offers, the
 * confirmations before each step, the calls they send, refusals, the dispute, the review, and the
 * payment details page. The whole app with a fake server; every expectation is a literal written
 * from the fixtures (orderFixtures.ts).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/contract/p2p-orders.ts';
import { marketSession } from '../p2pOffer/offerFixtures.ts';
import { type Answer, ok } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { clockAtNow, orderFixture, stubOrderServer } from './orderFixtures.ts';

interface Setup {
  order?: Order | Answer;
  /** What each transition answers, by its route ("POST /p2p/orders/12/paid"). */
  transitions?: Record<string, Answer>;
  path?: string;
  platform?: 'web' | 'mini-app';
}

function start(setup: Setup = {}) {
  const sent = stubOrderServer(setup.order ?? orderFixture(), setup.transitions);
  const platform = fakePlatform(setup.platform ?? 'web');
  const app = renderApp({ path: setup.path ?? '/p2p/orders/12', platform, session: fakeSession(marketSession()) });
  return { ...app, platform, sent };
}

const actions = (platform: ReturnType<typeof fakePlatform>) => {
  const { main, secondary } = platform.screenActions.snapshot();
  return { main: main?.label ?? null, secondary: secondary?.label ?? null };
};

async function answered() {
  await act(async () => {
    vi.advanceTimersByTime(0);
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  });
}

fakeTimersForEachTest();
// The countdowns read the clock: "now" is the fixtures' 12:00:00 UTC.
beforeEach(clockAtNow);

describe('what the person must do next, per status and side', () => {
  it('the buyer of an accepted order is asked to pay, with the time left, and offered I’ve paid and Cancel', async () => {
    const { platform } = start();
    expect(await shows('Pay 9 550.00 ₽ to the seller')).toBeTruthy();
    expect(screen.getByText('Order #12')).toBeTruthy();
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByText(/Time left to pay:/).textContent).toBe('Time left to pay: 29:00');
    expect(actions(platform)).toEqual({ main: 'I’ve paid', secondary: 'Cancel order' });
    expect(screen.getByRole('link', { name: /^Payment details/ }).getAttribute('href')).toBe('/p2p/orders/12/method');
  });

  it('the seller of the same order waits for the payment, and has no buttons', async () => {
    const { platform } = start({ order: orderFixture({ side: 'seller', is_maker: true, actions: [] }) });
    expect(await shows('Waiting for the buyer to pay')).toBeTruthy();
    expect(screen.getByText(/left to pay/).textContent).toBe('The buyer has 29:00 left to pay');
    expect(actions(platform)).toEqual({ main: null, secondary: null });
    expect(screen.getByText('Your fee')).toBeTruthy();
  });

  it('the maker of a new order is asked to accept within the acceptance window', async () => {
    const { platform } = start({
      order: orderFixture({
        status: 'processed',
        side: 'seller',
        is_maker: true,
        actions: ['accept', 'decline'],
        timer: { kind: 'acceptance', due_at: '2026-03-10T12:04:59Z' },
        payment_method: { ...orderFixture().payment_method, details: null },
      }),
    });
    expect(await shows('Accept the order')).toBeTruthy();
    expect(screen.getByText(/Canceled unless accepted/).textContent).toBe('Canceled unless accepted within 04:59');
    expect(actions(platform)).toEqual({ main: 'Accept', secondary: 'Decline' });
  });

  it('the taker of a new order waits for the maker and may cancel', async () => {
    const { platform } = start({
      order: orderFixture({
        status: 'processed',
        actions: ['cancel'],
        timer: { kind: 'acceptance', due_at: '2026-03-10T12:04:00Z' },
        payment_method: { ...orderFixture().payment_method, details: null },
      }),
    });
    expect(await shows('Waiting for anna_trades to accept')).toBeTruthy();
    expect(actions(platform)).toEqual({ main: null, secondary: 'Cancel order' });
    expect(screen.getByText('The seller’s full details show here once the order is accepted.')).toBeTruthy();
  });

  it('the seller of a paid order is asked to check the bank and release, or dispute', async () => {
    const { platform, router } = start({
      order: orderFixture({
        status: 'pending',
        side: 'seller',
        is_maker: true,
        actions: ['confirm_receipt', 'open_dispute'],
        timer: { kind: 'confirmation', due_at: '2026-03-10T12:30:00Z' },
      }),
    });
    expect(await shows('Check that 9 550.00 ₽ arrived')).toBeTruthy();
    expect(screen.getByText(/can open a dispute in/).textContent).toBe('The buyer can open a dispute in 30:00');
    // The amount is written with a no-break space, as money is everywhere.
    expect(actions(platform)).toEqual({ main: 'Release 100\u00a0USDT', secondary: 'Open a dispute' });
    act(() => platform.screenActions.press('main'));
    await shows('Did 9 550.00 ₽ arrive?');
    expect(router.state.location.pathname).toBe('/p2p/orders/12/confirm-payment');
  });

  it('the buyer of a paid order waits for the release and may take back I’ve paid', async () => {
    const { platform } = start({
      order: orderFixture({
        status: 'pending',
        actions: ['unmark_paid'],
        timer: { kind: 'confirmation', due_at: '2026-03-10T12:30:00Z' },
      }),
    });
    expect(await shows('Waiting for the seller to release')).toBeTruthy();
    expect(screen.getByText(/You can open a dispute in/).textContent).toBe('You can open a dispute in 30:00');
    expect(actions(platform)).toEqual({ main: null, secondary: 'I haven’t paid yet' });
  });

  it('a canceled order says who or what canceled it and why', async () => {
    const { platform } = start({
      order: orderFixture({
        status: 'canceled',
        actions: [],
        timer: null,
        cancel: { cause: 'seller', reason: 'payment_details_wrong', at: '2026-03-10T11:59:40Z' },
      }),
    });
    expect(await shows('Order canceled')).toBeTruthy();
    expect(screen.getByText(/The seller canceled the order\./).textContent).toBe(
      'The seller canceled the order. Reason: The payment details are wrong',
    );
    expect(actions(platform)).toEqual({ main: null, secondary: null });
  });

  it('the history lists each step newest first, saying who took it from the viewer’s side', async () => {
    start({
      order: orderFixture({
        history: [
          { from: null, to: 'processed', actor: 'buyer', detail: null, at: '2026-03-10T11:59:00Z' },
          { from: 'processed', to: 'accepted', actor: 'system', detail: null, at: '2026-03-10T11:59:00Z' },
          { from: 'accepted', to: 'pending', actor: 'buyer', detail: null, at: '2026-03-10T11:59:20Z' },
          { from: 'pending', to: 'accepted', actor: 'buyer', detail: 'unmark_paid', at: '2026-03-10T11:59:30Z' },
        ],
      }),
    });
    const history = (await shows('History')).closest('section');
    if (history === null) throw new Error('no History section');
    const rows = [...history.querySelectorAll('.ui-cell')].map((row) => row.textContent);
    // In the person's time zone, Europe/Berlin (UTC+1 in March).
    expect(rows).toEqual([
      'Awaiting paymentBy you10 Mar 12:59',
      'Payment sentBy you10 Mar 12:59',
      'Awaiting paymentAutomatically10 Mar 12:59',
      'Awaiting acceptanceBy you10 Mar 12:59',
    ]);
  });

  it('the confirmation window running out is its own history line, never a second “Payment sent”', async () => {
    const history = [
      { from: null, to: 'processed', actor: 'buyer', detail: null, at: '2026-03-10T11:59:00Z' },
      { from: 'processed', to: 'accepted', actor: 'system', detail: null, at: '2026-03-10T11:59:00Z' },
      { from: 'accepted', to: 'pending', actor: 'buyer', detail: null, at: '2026-03-10T12:05:00Z' },
      { from: 'pending', to: 'pending', actor: 'timer', detail: 'confirmation_expired', at: '2026-03-10T12:35:00Z' },
    ] as const;
    const historyRows = async () => {
      const section = (await shows('History')).closest('section');
      if (section === null) throw new Error('no History section');
      return [...section.querySelectorAll('.ui-cell')].map((row) => row.textContent);
    };
    const buyer = start({ order: orderFixture({ status: 'pending', history: [...history] }) });
    expect((await historyRows()).slice(0, 2)).toEqual([
      'The seller’s time to confirm has passed10 Mar 13:35',
      'Payment sentBy you10 Mar 13:05',
    ]);
    buyer.unmount();
    start({ order: orderFixture({ status: 'pending', side: 'seller', is_maker: true, history: [...history] }) });
    expect((await historyRows()).slice(0, 2)).toEqual([
      'Your time to confirm has passed10 Mar 13:35',
      'Payment sentBy the other side10 Mar 13:05',
    ]);
  });

  it('a long method name wraps onto a second line while the masked “•••• 4567” stays whole', async () => {
    const method = {
      ...orderFixture().payment_method,
      locale: 'SBP (Faster Payments)',
      child_locale: 'T-Bank',
      data: '•••• 4567',
      details: null,
    };
    start({ order: orderFixture({ status: 'processed', payment_method: method }) });
    const name = await shows('T-Bank · SBP (Faster Payments)');
    // Not a one-line "names" cell, which ends a long name in "…" at 320 px.
    expect(name.closest('.ui-cell')?.className).toBe('ui-cell');
    expect(screen.getByText('•••• 4567').className).toBe('ui-nowrap');
  });

  it('another user’s or a missing order is “Order not found”', async () => {
    start({ order: { status: 404, body: { code: 'order_not_found', message: 'No such order' } } });
    expect(await shows('Order not found')).toBeTruthy();
  });
});

describe('steps that ask first', () => {
  it('I’ve paid asks, then sends POST /p2p/orders/12/paid and shows the order the server answers', async () => {
    const paid = orderFixture({ status: 'pending', actions: ['unmark_paid'], timer: null });
    const { platform, sent } = start({ transitions: { 'POST /p2p/orders/12/paid': ok(paid) } });
    await shows('Pay 9 550.00 ₽ to the seller');
    act(() => platform.screenActions.press('main'));
    await answered();
    const sheet = screen.getByRole('dialog', { name: 'Have you paid 9\u00a0550.00\u00a0₽?' });
    expect(actions(platform)).toEqual({ main: null, secondary: null });
    expect(sent('POST /p2p/orders/12/paid')).toEqual([]);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Yes, I’ve paid' }));
    expect(await shows('Waiting for the seller to release')).toBeTruthy();
    expect(sent('POST /p2p/orders/12/paid')).toEqual([undefined]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Back in the confirmation sends nothing', async () => {
    const { platform, sent } = start();
    await shows('Pay 9 550.00 ₽ to the seller');
    act(() => platform.screenActions.press('main'));
    await answered();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent('POST /p2p/orders/12/paid')).toEqual([]);
  });

  it('a cancel is sent only with the reason chosen', async () => {
    const canceled = orderFixture({
      status: 'canceled',
      actions: [],
      timer: null,
      cancel: { cause: 'buyer', reason: 'cannot_pay', at: '2026-03-10T12:00:00Z' },
    });
    const { platform, sent } = start({ transitions: { 'POST /p2p/orders/12/cancel': ok(canceled) } });
    await shows('Pay 9 550.00 ₽ to the seller');
    act(() => platform.screenActions.press('secondary'));
    await answered();
    const sheet = screen.getByRole('dialog', { name: 'Cancel the order?' });
    const confirm = within(sheet).getByRole('button', { name: 'Cancel order' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(sheet).getByRole('radio', { name: 'I can’t pay right now' }));
    fireEvent.click(confirm);
    expect(await shows('Order canceled')).toBeTruthy();
    expect(sent('POST /p2p/orders/12/cancel')).toEqual([{ reason: 'cannot_pay' }]);
  });

  it('a refused cancel says why and leaves the order as it was', async () => {
    const { platform } = start({
      transitions: {
        'POST /p2p/orders/12/cancel': {
          status: 409,
          body: { code: 'cancel_limit', message: 'Too many cancels', data: { until: '2026-03-11T09:00:00Z' } },
        },
      },
    });
    await shows('Pay 9 550.00 ₽ to the seller');
    act(() => platform.screenActions.press('secondary'));
    await answered();
    const sheet = screen.getByRole('dialog');
    fireEvent.click(within(sheet).getByRole('radio', { name: 'I changed my mind' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel order' }));
    expect(
      await shows('You have canceled 3 orders in the last 24 hours. You can cancel again once a day has passed.'),
    ).toBeTruthy();
    expect(screen.getByText('Pay 9 550.00 ₽ to the seller')).toBeTruthy();
  });
});

describe('the dispute', () => {
  const disputed = orderFixture({
    status: 'disputed',
    side: 'seller',
    is_maker: true,
    actions: ['respond_dispute'],
    timer: null,
    dispute: {
      reason: 'paid_not_released',
      opened_by: 'buyer',
      opening: {
        side: 'buyer',
        message: 'I paid at 12:01, receipt attached.',
        files: [],
        file_count: 2,
        at: '2026-03-10T11:00:00Z',
      },
      response: null,
      response_due_at: '2026-03-10T23:00:00Z',
      support_due_at: '2026-03-11T11:00:00Z',
      resolution: null,
    },
  });

  it('the side asked to answer sees the reason, the other side’s statement, its time left and Answer', async () => {
    const { platform } = start({ order: disputed });
    expect(await shows('Answer the dispute')).toBeTruthy();
    expect(screen.getByText(/Time left to answer/).textContent).toBe('Time left to answer: 11:00:00');
    expect(screen.getByText('I paid, but the crypto was not released')).toBeTruthy();
    expect(screen.getByText('Opened by the other side')).toBeTruthy();
    expect(screen.getByText('I paid at 12:01, receipt attached.')).toBeTruthy();
    expect(screen.getByText('2 images, seen by support')).toBeTruthy();
    expect(actions(platform)).toEqual({ main: 'Answer', secondary: null });
  });

  it('once answered, both sides see support’s countdown', async () => {
    start({ order: { ...disputed, actions: [] } });
    expect(await shows('Support is reviewing the dispute')).toBeTruthy();
    expect(screen.getByText(/Support decides within/).textContent).toBe('Support decides within 23:00:00');
  });
});

describe('the review after completion', () => {
  const completed = orderFixture({ status: 'completed', actions: ['review'], timer: null });

  it('Send review waits for a choice, then sends the type and the trimmed comment', async () => {
    const reviewed = {
      ...completed,
      actions: [],
      reviews: { mine: { type: 'positive' as const, comment: 'Fast' }, theirs: null },
    };
    const { platform, sent } = start({
      order: completed,
      transitions: { 'POST /p2p/orders/12/review': ok(reviewed) },
    });
    expect(await shows('You received 100 USDT')).toBeTruthy();
    expect(platform.screenActions.snapshot().main).toMatchObject({ label: 'Send review', disabled: true });
    fireEvent.click(screen.getByRole('radio', { name: 'Positive' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: '  Fast  ' } });
    expect(platform.screenActions.snapshot().main).toMatchObject({ label: 'Send review', disabled: false });
    act(() => platform.screenActions.press('main'));
    expect(await shows('Your review')).toBeTruthy();
    expect(sent('POST /p2p/orders/12/review')).toEqual([{ type: 'positive', comment: 'Fast' }]);
  });
});

describe('the payment details page', () => {
  it('shows the amount and the seller’s details in full, each with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    start({ path: '/p2p/orders/12/method' });
    expect(await shows('+79001234417')).toBeTruthy();
    expect(screen.getByText('Sberbank · SBP')).toBeTruthy();
    expect(screen.getByText('Anna K.')).toBeTruthy();
    expect(screen.getByText('Amount to pay')).toBeTruthy();
    expect(screen.getByText('9 550.00 ₽')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Amount to pay' }));
    await answered();
    expect(writeText).toHaveBeenLastCalledWith('9550');
    fireEvent.click(screen.getByRole('button', { name: 'Copy Phone number' }));
    await answered();
    expect(writeText).toHaveBeenCalledWith('+79001234417');
    expect(screen.getByRole('button', { name: 'Copied Phone number' }).textContent).toBe('Copied');
  });

  it('says they are not shown when the server sends none', async () => {
    start({
      path: '/p2p/orders/12/method',
      order: orderFixture({ side: 'seller', payment_method: { ...orderFixture().payment_method, details: null } }),
    });
    expect(await shows('Payment details are not shown')).toBeTruthy();
  });
});
