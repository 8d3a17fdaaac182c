/**
 * The address book under /account/address-book against a fake API (fakeAddressBookApi.ts):
 * networks, the list 20 at a time, adding with the server's address checks, the entry with
 * copy, renaming, deleting with "Restore", searching, and the error texts of spec 000 s.8.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderApp, signedIn } from '../support.tsx';
import { type FakeAddressBookApi, installAddressBookApi } from './fakeAddressBookApi.ts';

beforeEach(() => {
  const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

function open(path: string) {
  return renderApp({ path, session: fakeSession(signedIn) });
}

function listRequests(api: FakeAddressBookApi) {
  return api.sent.filter((request) => request.route === 'GET /wallet/address-book');
}

function entryTitles(): string[] {
  return screen
    .getAllByRole('link', { name: /entry-|cold|hot/ })
    .map((link) => link.querySelector('.ui-cell-title')?.textContent ?? '');
}

describe('the networks', () => {
  it('is reached from the account page', async () => {
    installAddressBookApi();
    open('/account');
    const link = await screen.findByRole('link', { name: 'Address book' });
    expect(link.getAttribute('href')).toBe('/account/address-book');
  });

  it('lists the chains of the enabled assets with their names, in the wallet’s order', async () => {
    installAddressBookApi();
    const { router } = open('/account/address-book');
    expect(await screen.findByRole('heading', { level: 1, name: 'Address book' })).toBeTruthy();
    // The heading shows at once; the networks once the asset catalogue has come.
    const names = (await screen.findAllByRole('button', { name: /Tron|Ethereum|TON|Bitcoin|Litecoin/ })).map(
      (button) => button.querySelector('.ui-cell-title')?.textContent,
    );
    expect(names).toEqual(['Tron', 'Ethereum', 'TON', 'Bitcoin']);
    fireEvent.click(screen.getByRole('button', { name: /Tron/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/address-book/TRX'));
  });
});

describe('the saved addresses of a network', () => {
  it('shows 20 at a time, title and shortened address, and loads more by offset', async () => {
    const api = installAddressBookApi();
    api.seed('TRX', 25);
    api.seed('ETH', 1);
    open('/account/address-book/TRX');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tron (TRC20)' })).toBeTruthy();
    await screen.findByRole('link', { name: /entry-25/ });
    expect(entryTitles()).toHaveLength(20);
    expect(screen.getByRole('link', { name: /entry-25/ }).textContent).toContain('T000000…00025');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /^entry-1T/ });
    expect(entryTitles()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The route's prefetch and the list may both ask for the first page; the pages are what matter.
    const pages = listRequests(api).map((request) => Object.fromEntries(request.search));
    for (const page of pages) expect(page).toMatchObject({ count: '20', network: 'TRX' });
    expect([...new Set(pages.map((page) => page.offset))]).toEqual(['0', '20']);
  });

  it('says when there is nothing saved yet and offers to add and search', async () => {
    installAddressBookApi();
    open('/account/address-book/TON');
    expect(await screen.findByText('No saved addresses on TON yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add address' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('No saved addresses on TON yet.');
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/account/address-book/TON/search');
  });

  it('shows the not-found page for an unknown network', async () => {
    installAddressBookApi();
    open('/account/address-book/DOGE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('adding an address', () => {
  async function fill(address: string, title: string) {
    fireEvent.change(await screen.findByRole('textbox', { name: 'Address' }), { target: { value: address } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: title } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  }

  it('saves the trimmed address and title and returns to the list', async () => {
    const api = installAddressBookApi();
    const { router } = open('/account/address-book/TRX/add');
    await fill('  TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 ', ' cold ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/address-book/TRX'));
    expect(await screen.findByRole('link', { name: /cold/ })).toBeTruthy();
    expect(api.sent.find((request) => request.route === 'POST /wallet/address-book')?.body).toEqual({
      network: 'TRX',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      title: 'cold',
    });
    expect(screen.getByRole('status').textContent).toContain('Address saved');
  });

  it('says "Invalid address" when the server rejects the address', async () => {
    installAddressBookApi();
    open('/account/address-book/TRX/add');
    await fill('0xnot-a-tron-address', 'cold');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid address');
    expect(screen.getByRole('textbox', { name: 'Address' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says the address is already in the book', async () => {
    const api = installAddressBookApi();
    api.seed('TRX', 1);
    const existing = api.entries[0]?.address ?? '';
    open('/account/address-book/TRX/add');
    await fill(existing, 'again');
    expect((await screen.findByRole('alert')).textContent).toBe('This address is already in your address book');
  });

  it('refuses a 30-character title with the spec’s message and sends nothing; 29 passes', async () => {
    const api = installAddressBookApi();
    const { router } = open('/account/address-book/TRX/add');
    await fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'b'.repeat(30));
    expect((await screen.findByRole('alert')).textContent).toBe('Name must be less than 30 characters');
    expect(api.sent.some((request) => request.route === 'POST /wallet/address-book')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'b'.repeat(29) } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/address-book/TRX'));
  });

  it('asks for an address when none is given', async () => {
    installAddressBookApi();
    open('/account/address-book/TRX/add');
    await fill('   ', 'cold');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an address');
  });

  it('shows the default message when saving fails otherwise', async () => {
    const api = installAddressBookApi();
    api.failing['POST /wallet/address-book'] = { status: 500, body: { code: 'internal_error', message: 'Boom' } };
    open('/account/address-book/TRX/add');
    await fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'cold');
    expect((await screen.findByRole('alert')).textContent).toBe('Couldn’t add the address');
  });
});

describe('a saved address', () => {
  async function openEntry() {
    const api = installAddressBookApi();
    api.seed('TRX', 2);
    const entry = api.entries[0];
    if (!entry) throw new Error('no entry seeded');
    const rendered = open(`/account/address-book/TRX/${entry.id}`);
    await screen.findByRole('heading', { level: 1, name: entry.title });
    return { api, entry, ...rendered };
  }

  it('shows the title and the full address, and copies it with "Copied" for 2 s', async () => {
    const { entry } = await openEntry();
    expect(screen.getByText(entry.address).className).toBe('address-book-address');
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
  });

  it('is renamed on its edit page (PUT title) and shows the new title', async () => {
    const { api, entry, router } = await openEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('value', entry.title);
    fireEvent.change(title, { target: { value: 'hot-wallet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'hot-wallet' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/account/address-book/TRX/${entry.id}`);
    expect(api.sent.find((request) => request.route.startsWith('PUT'))).toMatchObject({
      route: `PUT /wallet/address-book/${entry.id}`,
      body: { title: 'hot-wallet' },
    });
  });

  it('says "Address not found" when the entry went away before the rename, and the default otherwise', async () => {
    const { api, entry } = await openEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    api.failing[`PUT /wallet/address-book/${entry.id}`] = {
      status: 404,
      body: { code: 'address_not_found', message: 'Gone' },
    };
    fireEvent.change(title, { target: { value: 'renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Address not found');
    api.failing[`PUT /wallet/address-book/${entry.id}`] = {
      status: 500,
      body: { code: 'internal_error', message: '' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Couldn’t save the address'));
  });

  it('shows the server’s name rule under the title', async () => {
    const { api, entry } = await openEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    api.failing[`PUT /wallet/address-book/${entry.id}`] = {
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'The request is not valid',
        data: { location: 'body', issues: [{ path: ['title'], code: 'too_big', message: 'name_too_long' }] },
      },
    };
    fireEvent.change(title, { target: { value: 'fine-here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name must be less than 30 characters');
  });

  it('is deleted, and the list offers to restore it', async () => {
    const { api, entry, router } = await openEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/address-book/TRX'));
    const offer = (await screen.findByText('Address deleted')).closest('[role="status"]');
    if (!(offer instanceof HTMLElement)) throw new Error('no restore offer');
    await waitFor(() => expect(screen.queryByRole('link', { name: new RegExp(entry.title) })).toBeNull());
    fireEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('link', { name: new RegExp(entry.title) })).toBeTruthy();
    expect(await screen.findByText('Address restored')).toBeTruthy();
    expect(screen.queryByText('Address deleted')).toBeNull();
    expect(api.sent.map((request) => request.route)).toEqual(
      expect.arrayContaining([
        `DELETE /wallet/address-book/${entry.id}`,
        `POST /wallet/address-book/${entry.id}/restore`,
      ]),
    );
  });

  it('takes the restore offer away after 5 s', async () => {
    const { router } = await openEntry();
    // A fake clock that also moves with real time, so the fetches and navigation still settle.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Address deleted');
    expect(router.state.location.search).toMatchObject({ deleted: expect.any(String) });
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText('Address deleted')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.queryByText('Address deleted')).toBeNull());
    expect(router.state.location.search).toEqual({});
  });

  it.each([
    [404, 'address_not_found', 'Address not found'],
    [409, 'address_not_deleted', 'The address was not deleted'],
    [500, 'internal_error', 'Couldn’t restore the address'],
  ])('says why a restore failed (%i %s)', async (status, code, message) => {
    const { api, entry } = await openEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Address deleted');
    api.failing[`POST /wallet/address-book/${entry.id}/restore`] = { status, body: { code, message: 'x' } };
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says "Couldn’t delete the address" when the deletion fails, and stays', async () => {
    const { api, entry, router } = await openEntry();
    api.failing[`DELETE /wallet/address-book/${entry.id}`] = {
      status: 500,
      body: { code: 'internal_error', message: '' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toContain('Couldn’t delete the address');
    expect(router.state.location.pathname).toBe(`/account/address-book/TRX/${entry.id}`);
  });
});

describe('searching', () => {
  it('asks the server once the typing pauses, and lists the matches', async () => {
    const api = installAddressBookApi();
    api.seed('TRX', 3);
    open('/account/address-book/TRX/search');
    const field = await screen.findByRole('searchbox', { name: 'Title or address' });
    fireEvent.change(field, { target: { value: 'e' } });
    fireEvent.change(field, { target: { value: 'entry' } });
    fireEvent.change(field, { target: { value: 'entry-2' } });
    expect(listRequests(api)).toHaveLength(0);
    expect(await screen.findByRole('link', { name: /entry-2/ })).toBeTruthy();
    expect(entryTitles()).toEqual(['entry-2']);
    expect(listRequests(api).map((request) => request.search.get('search'))).toEqual(['entry-2']);
    expect(listRequests(api)[0]?.search.get('network')).toBe('TRX');
  });

  it('says "Nothing found" when nothing matches', async () => {
    installAddressBookApi();
    open('/account/address-book/TRX/search');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Title or address' }), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText('Nothing found')).toBeTruthy();
  });
});
