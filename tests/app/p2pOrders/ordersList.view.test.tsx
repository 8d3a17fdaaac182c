/**
 * The orders list at /p2p/orders and its entry on the market home, against a fake server
 * (fakeOrdersApi.ts): the four filters with their counts, the filter in the URL, rows that say
 * who, what, how much, the status and whether the order waits for the person, paging by cursor,
 * the counts following the server every 5 s, and Russian plurals.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { settle } from '../support/heldServer.ts';
import { fakeSession, renderApp } from '../support.tsx';
import { installOrdersApi, marketSettings, paidByBuyer, payNow } from './fakeOrdersApi.ts';

fakeTimersForEachTest();

const counts = { active: 2, completed: 5, canceled: 1, disputed: 0, action_required: 1 };

function open(path: string, language: 'en' | 'ru' = 'en') {
  return renderApp({ path, session: fakeSession({ status: 'signed-in', settings: marketSettings(language) }) });
}

function filterTexts(): string[] {
  const nav = screen.getByRole('navigation', { name: /Order filter|Фильтр сделок/ });
  return within(nav)
    .getAllByRole('link')
    .map((link) => `${link.textContent}${link.getAttribute('aria-current') === 'page' ? ' (on)' : ''}`);
}

function rowTexts(): string[] {
  return screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
}

describe('the orders list', () => {
  it('shows the active orders newest first, each filter’s count, and which orders wait for the person', async () => {
    const api = installOrdersApi({ active: [payNow, paidByBuyer] }, counts);
    open('/p2p/orders');
    await shows('Buy 15.5 USDT');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Orders');
    expect(filterTexts()).toEqual(['Active2 (on)', 'Completed5', 'Canceled1', 'Disputed0']);
    expect(screen.getByRole('status').textContent).toBe('1 order waits for you');
    expect(rowTexts()).toEqual([
      // Amounts keep their unit on the line.
      'Buy 15.5\u00a0USDT1\u00a0500.00\u00a0₽Awaiting paymentYour turnanna_trader · #101 · 24 Nov 15:00',
      'Sell 10\u00a0USDT960.00\u00a0₽Payment sentboris_sells · #102 · 23 Nov 12:15',
    ]);
    expect(screen.getByRole('link', { name: /^Buy 15.5\sUSDT/ }).getAttribute('href')).toBe('/p2p/orders/101');
    // A verified merchant's tick beside their name, and only theirs.
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first as HTMLElement).queryByRole('img', { name: 'Verified merchant' })).not.toBeNull();
    expect(within(second as HTMLElement).queryByRole('img', { name: 'Verified merchant' })).toBeNull();
    expect(api.listRequests()).toEqual([{ count: '40', status: 'active' }]);
  });

  it('keeps the filter in the URL, asks for that filter’s orders, and says when there are none', async () => {
    const api = installOrdersApi({ active: [payNow] }, counts);
    const { router } = open('/p2p/orders');
    await shows('Buy 15.5 USDT');
    act(() => void fireEvent.click(screen.getByRole('link', { name: /^Completed/ })));
    await shows('No completed orders yet.');
    expect(router.state.location.href).toBe('/p2p/orders?status=completed');
    expect(filterTexts()).toEqual(['Active2', 'Completed5 (on)', 'Canceled1', 'Disputed0']);
    // Only the active list says how many wait.
    expect(screen.queryByText('1 order waits for you')).toBeNull();
    expect(api.listRequests().at(-1)).toEqual({ count: '40', status: 'completed' });
  });

  it('opens on the filter a link names, and treats an unknown one as active', async () => {
    installOrdersApi({ disputed: [], active: [payNow] }, counts);
    const disputes = open('/p2p/orders?status=disputed');
    await shows('No disputes.');
    disputes.unmount();
    installOrdersApi({ active: [payNow] }, counts);
    open('/p2p/orders?status=everything');
    await shows('Buy 15.5 USDT');
    expect(filterTexts()[0]).toBe('Active2 (on)');
  });

  it('scrolls the row of chips, not the page, so a chosen “Canceled” is whole on a 320 px screen', async () => {
    // A 320 px row of 110 px chips 8 px apart after a 16 px margin: "Canceled" spans 252–362.
    const chipIndex = (element: Element) =>
      element.parentElement?.getAttribute('aria-label') === 'Order filter'
        ? [...element.parentElement.children].indexOf(element)
        : -1;
    const layout = [
      vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
        const index = chipIndex(this);
        return index < 0 ? 0 : 16 + index * 118;
      }),
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return chipIndex(this) < 0 ? 320 : 110;
      }),
      vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(320),
    ];
    const scrolledTo = vi.spyOn(Element.prototype, 'scrollLeft', 'set');
    try {
      installOrdersApi({ canceled: [] }, counts);
      open('/p2p/orders?status=canceled');
      await shows('No canceled orders.');
      // 362 + a 16 px margin − 320: the chip's right edge 16 px inside the screen.
      expect(scrolledTo).toHaveBeenLastCalledWith(58);
      expect(scrolledTo.mock.contexts.every((element) => element === screen.getByRole('navigation'))).toBe(true);
    } finally {
      scrolledTo.mockRestore();
      for (const spy of layout) spy.mockRestore();
    }
  });

  it('shows more by the cursor of the last order shown', async () => {
    const api = installOrdersApi({ active: [payNow, paidByBuyer] }, counts, { pageSize: 1 });
    open('/p2p/orders');
    await shows('Buy 15.5 USDT');
    expect(rowTexts()).toHaveLength(1);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await shows('Sell 10 USDT');
    expect(api.listRequests()).toEqual([
      { count: '40', status: 'active' },
      { count: '40', status: 'active', cursor: '101' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('follows the counts every 5 seconds', async () => {
    const api = installOrdersApi({ active: [payNow] }, counts);
    open('/p2p/orders');
    await shows('Buy 15.5 USDT');
    api.statistic = { ...counts, active: 3, action_required: 2 };
    await act(async () => {
      vi.advanceTimersByTime(5_000);
      await settle();
    });
    await shows('2 orders wait for you');
    expect(filterTexts()[0]).toBe('Active3 (on)');
    expect(api.sent.filter((request) => request.route === 'GET /p2p/orders/statistic').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('says so when nothing is active', async () => {
    installOrdersApi({ active: [] }, { active: 0, completed: 0, canceled: 0, disputed: 0, action_required: 0 });
    open('/p2p/orders');
    await shows('No active orders. Orders you take, and orders on your offers, show here.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the market home’s entry', () => {
  it('leads to the orders with the active count and a badge of how many wait', async () => {
    installOrdersApi({}, { ...counts, active: 3, action_required: 2 });
    open('/p2p');
    await shows('3 active orders');
    const entry = screen.getByRole('link', { name: /My orders/ });
    expect(entry.getAttribute('href')).toBe('/p2p/orders');
    expect(within(entry).getByRole('img', { name: '2 orders wait for you' }).textContent).toBe('2');
  });

  it('shows no badge when nothing waits', async () => {
    installOrdersApi({}, { ...counts, active: 1, action_required: 0 });
    open('/p2p');
    await shows('1 active order');
    expect(within(screen.getByRole('link', { name: /My orders/ })).queryByRole('img')).toBeNull();
  });
});

describe('in Russian', () => {
  it('names the filters and counts with Russian plurals', async () => {
    installOrdersApi({ active: [payNow, paidByBuyer] }, { ...counts, action_required: 2 });
    open('/p2p/orders', 'ru');
    await shows('Покупка 15.5 USDT');
    expect(filterTexts()).toEqual(['Активные2 (on)', 'Завершённые5', 'Отменённые1', 'Споры0']);
    expect(screen.getByRole('status').textContent).toBe('2 сделки ждут вас');
    expect(rowTexts()[0]).toContain('Ждёт оплаты');
    expect(rowTexts()[0]).toContain('Ваш ход');
  });
});
