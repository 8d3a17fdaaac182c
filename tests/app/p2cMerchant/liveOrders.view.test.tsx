/**
 * The merchants' live list /p2c/orders (issue 14): the socket's options, the snapshot and the
 * numbered updates on screen, a gap or a malformed message asking for the list again, the
 * connection's states, and taking a payment (won: its page; lost: the list with the reason). The
 * whole app with a fake server and a fake socket.io client; literal expectations from the fixtures.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { fakeIo, lastSocket, sockets } from './fakeSocket.ts';
import { clockAtNow, liveItem, merchantSession, paymentFixture, stubMerchantServer } from './merchantFixtures.ts';

vi.mock('socket.io-client', () => ({ io: fakeIo }));

fakeTimersForEachTest();
beforeEach(() => {
  clockAtNow();
  sockets.opened.length = 0;
});

function start(options: Parameters<typeof stubMerchantServer>[0] = {}) {
  const sent = stubMerchantServer(options);
  const platform = fakePlatform('web');
  const app = renderApp({ path: '/p2c/orders', platform, session: fakeSession(merchantSession()) });
  return { ...app, sent };
}

/** The list's screen is up and its socket opened. */
async function opened() {
  await shows('Payments to take');
  return lastSocket();
}

async function connected(items = [liveItem(31), liveItem(32, { fiat_amount: '250', reward: '2700000' })]) {
  const socket = await opened();
  act(() => socket.serve('connect'));
  act(() => socket.serve('list:snapshot', { seq: 7, items }));
  return socket;
}

// Money is written with no-break spaces (\u00a0), as everywhere in the app.
const rows = () => screen.queryAllByRole('button', { name: /₽/ }).map((row) => row.textContent);

describe('the live list', () => {
  it('opens the socket on the app’s origin at /api/v1/p2c-socket with credentials, reconnecting after 1 s up to 10 s', async () => {
    start();
    await shows('Payments to take');
    await connected();
    expect(sockets.opened).toHaveLength(1);
    expect(sockets.opened[0]?.options).toMatchObject({
      path: '/api/v1/p2c-socket',
      withCredentials: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10000,
      randomizationFactor: 0,
    });
  });

  it('asks for the list on connecting and shows the snapshot, oldest first, with amount, bank, reward and time left', async () => {
    start();
    const socket = await connected();
    expect(socket.emitted).toEqual(['list:initialize']);
    expect(await shows('2 payments waiting')).toBeTruthy();
    expect(rows()).toEqual([
      '1\u00a0500.00\u00a0₽Sberbank · you receive 16\u00a0USDT04:00',
      '250.00\u00a0₽Sberbank · you receive 2.7\u00a0USDT04:00',
    ]);
  });

  it('applies numbered updates: an added payment at the end, a removed one by position', async () => {
    start();
    const socket = await connected();
    act(() =>
      socket.serve('list:update', {
        seq: 8,
        operations: [{ op: 'add', data: liveItem(33, { fiat_amount: '99000' }) }],
      }),
    );
    expect(await shows('3 payments waiting')).toBeTruthy();
    act(() => socket.serve('list:update', { seq: 9, operations: [{ op: 'remove', pos: 0 }] }));
    expect(await shows('2 payments waiting')).toBeTruthy();
    expect(rows().map((row) => row?.split('Sberbank')[0])).toEqual(['250.00\u00a0₽', '99\u00a0000.00\u00a0₽']);
    expect(socket.emitted).toEqual(['list:initialize']);
  });

  it('asks for the whole list again when an update was skipped, and keeps what it shows until then', async () => {
    start();
    const socket = await connected();
    act(() => socket.serve('list:update', { seq: 9, operations: [{ op: 'remove', pos: 0 }] }));
    expect(socket.emitted).toEqual(['list:initialize', 'list:initialize']);
    expect(screen.getByText('2 payments waiting')).toBeTruthy();
    act(() => socket.serve('list:snapshot', { seq: 20, items: [liveItem(32)] }));
    expect(await shows('1 payment waiting')).toBeTruthy();
  });

  it('asks again for a message the contract rejects, and ignores a snapshot that does not parse', async () => {
    start();
    const socket = await connected();
    act(() => socket.serve('list:update', { seq: 8, operations: [{ op: 'add', data: { id: 'x' } }] }));
    expect(socket.emitted).toEqual(['list:initialize', 'list:initialize']);
    act(() => socket.serve('list:snapshot', { seq: 'nine', items: [] }));
    expect(screen.getByText('2 payments waiting')).toBeTruthy();
  });

  it('says so when nothing waits', async () => {
    start();
    await connected([]);
    expect(await shows('No payments waiting. New ones appear here as clients pay.')).toBeTruthy();
  });

  it('shows that it reconnects when the connection drops, and asks for the list again once back', async () => {
    start();
    const socket = await connected();
    act(() => socket.serve('disconnect', 'transport close'));
    expect(await shows('Connection lost. Reconnecting…')).toBeTruthy();
    act(() => socket.serve('connect'));
    expect(socket.emitted).toEqual(['list:initialize', 'list:initialize']);
    act(() => socket.serve('list:snapshot', { seq: 1, items: [liveItem(32)] }));
    expect(await shows('1 payment waiting')).toBeTruthy();
    expect(screen.queryByText('Connection lost. Reconnecting…')).toBeNull();
  });

  it('a person who may not take payments is told to add an active account', async () => {
    start();
    const socket = await opened();
    act(() => socket.serve('connect'));
    act(() => socket.serve('list:error', { code: 'p2c_take_forbidden' }));
    expect(await shows('You need an active payment account to take payments.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payment accounts' }).getAttribute('href')).toBe('/p2c/methods');
  });

  it('asked too often, it says so, counts the seconds the server names down, then asks for the list again', async () => {
    start();
    const socket = await opened();
    act(() => socket.serve('connect'));
    act(() => socket.serve('list:error', { code: 'rate_limited', seconds: 3 }));
    expect(await shows('Too many requests. Retrying in 3 s…')).toBeTruthy();
    expect(screen.queryByText('You need an active payment account to take payments.')).toBeNull();
    act(() => void vi.advanceTimersByTime(1000));
    expect(await shows('Too many requests. Retrying in 2 s…')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    expect(await shows('Too many requests. Retrying in 1 s…')).toBeTruthy();
    expect(socket.emitted).toEqual(['list:initialize']);
    act(() => void vi.advanceTimersByTime(1000));
    expect(socket.emitted).toEqual(['list:initialize', 'list:initialize']);
    act(() => socket.serve('list:snapshot', { seq: 3, items: [liveItem(32)] }));
    expect(await shows('1 payment waiting')).toBeTruthy();
    expect(screen.queryByText(/Too many requests/)).toBeNull();
  });

  it('says it in Russian too', async () => {
    stubMerchantServer();
    const session = merchantSession();
    if (session.status !== 'signed-in') throw new Error('the merchant is signed in');
    renderApp({
      path: '/p2c/orders',
      platform: fakePlatform('web'),
      session: fakeSession({ ...session, settings: { ...session.settings, language: 'ru' } }),
    });
    await shows('Платежи к исполнению');
    const socket = lastSocket();
    act(() => socket.serve('connect'));
    act(() => socket.serve('list:error', { code: 'rate_limited', seconds: 12 }));
    expect(await shows('Слишком много запросов. Повторим через 12 с…')).toBeTruthy();
  });

  it('keeps the list it shows while it waits, and a dropped connection ends the wait (reconnecting asks anyway)', async () => {
    start();
    const socket = await connected();
    act(() => socket.serve('list:update', { seq: 9, operations: [{ op: 'remove', pos: 0 }] }));
    act(() => socket.serve('list:error', { code: 'rate_limited', seconds: 40 }));
    expect(await shows('Too many requests. Retrying in 40 s…')).toBeTruthy();
    expect(screen.getByText('2 payments waiting')).toBeTruthy();
    act(() => socket.serve('disconnect', 'transport close'));
    act(() => socket.serve('connect'));
    expect(socket.emitted).toEqual(['list:initialize', 'list:initialize', 'list:initialize']);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(socket.emitted).toHaveLength(3);
    expect(screen.queryByText(/Too many requests/)).toBeNull();
  });

  it('a connection the server refuses offers to try again, which connects again', async () => {
    start();
    const socket = await opened();
    socket.active = false;
    act(() => socket.serve('connect_error', new Error('unauthorized')));
    expect(await shows('Couldn’t connect to the live list.')).toBeTruthy();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(socket.connects).toBe(1);
  });

  it('closes the socket when the screen closes', async () => {
    const { unmount } = start();
    const socket = await connected();
    unmount();
    expect(socket.disconnected).toBe(true);
  });
});

describe('taking a payment', () => {
  it('asks first, then takes payment 31 and opens its page', async () => {
    const { router, sent } = start({ moves: { 'POST /p2c/payments/take/31': paymentFixture() } });
    await connected();
    await shows('2 payments waiting');
    act(() => void fireEvent.click(screen.getByRole('button', { name: /1\u00a0500.00\u00a0₽/ })));
    const dialog = await shows('Take this payment?');
    expect(screen.getByText(/^You will have 5 minutes/).textContent).toBe(
      'You will have 5 minutes to pay 1\u00a0500.00\u00a0₽ to the shop from your bank. You receive 16\u00a0USDT.',
    );
    expect(sent('POST /p2c/payments/take/31')).toEqual([]);
    act(
      () =>
        void fireEvent.click(
          within(dialog.closest('[role="dialog"]') ?? document.body).getByRole('button', { name: 'Take' }),
        ),
    );
    expect(await shows('Pay 1 500.00 ₽')).toBeTruthy();
    expect(sent('POST /p2c/payments/take/31')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/p2c/orders/31');
  });

  it('another merchant first: the list stays, with the reason', async () => {
    const { router } = start({
      answers: {
        'POST /p2c/payments/take/31': { status: 409, body: { code: 'payment_not_pending', message: 'Taken' } },
      },
    });
    await connected();
    await shows('2 payments waiting');
    act(() => void fireEvent.click(screen.getByRole('button', { name: /1\u00a0500.00\u00a0₽/ })));
    await shows('Take this payment?');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Take' })));
    expect(await shows('Another merchant took this payment first, or it expired.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/p2c/orders');
    expect(screen.queryByText('Take this payment?')).toBeNull();
  });

  it('three payments already taken: the list stays, with the reason', async () => {
    start({
      answers: { 'POST /p2c/payments/take/31': { status: 409, body: { code: 'p2c_too_many_taken', message: 'Max' } } },
    });
    await connected();
    await shows('2 payments waiting');
    act(() => void fireEvent.click(screen.getByRole('button', { name: /1\u00a0500.00\u00a0₽/ })));
    await shows('Take this payment?');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Take' })));
    expect(await shows('You already have 3 payments to pay. Finish one before taking another.')).toBeTruthy();
  });

  it('the payment leaving the list while its confirmation is open closes it, with the reason', async () => {
    const { sent } = start();
    const socket = await connected();
    await shows('2 payments waiting');
    act(() => void fireEvent.click(screen.getByRole('button', { name: /1\u00a0500.00\u00a0₽/ })));
    await shows('Take this payment?');
    act(() => socket.serve('list:update', { seq: 8, operations: [{ op: 'remove', pos: 0 }] }));
    expect(await shows('Another merchant took this payment first, or it expired.')).toBeTruthy();
    expect(screen.queryByText('Take this payment?')).toBeNull();
    expect(sent('POST /p2c/payments/take/31')).toEqual([]);
  });
});
