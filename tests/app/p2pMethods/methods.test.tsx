/**
 * The payment methods under /p2p/methods against a fake server (fakeP2PMethodsApi.ts): the list
 * by currency with masked data, the add flow through a group (RUB → SBP → a bank) and straight
 * to a bank, inline checks of the details and the name, the create-offer return (`back`), the
 * method page with its guarded delete, and the name page of spec 001 s.2 with the toasts of s.8.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '../../../src/contract/p2p-payment-methods.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { baseSettings } from '../support/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import {
  eurRevolutMethod,
  type FakeP2PMethodsApi,
  installP2PMethodsApi,
  rubSberbankMethod,
} from './fakeP2PMethodsApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const marketFlags = { show_p2p: true, show_p2p_methods: true };

function open(path: string, flags: Record<string, boolean> = marketFlags, kind: 'web' | 'mini-app' = 'web') {
  const settings: UserSettings = { ...baseSettings, feature_flags: flags };
  return renderApp({ path, platform: fakePlatform(kind), session: fakeSession({ status: 'signed-in', settings }) });
}

function sentTo(api: FakeP2PMethodsApi, route: string) {
  return api.sent.filter((request) => request.route === route);
}

function rowTexts(): string[] {
  return screen.getAllByRole('link').map((link) => link.textContent ?? '');
}

describe('the list of saved methods', () => {
  it('shows each method by currency: its name, the catalogue name with the bank, and the masked data', async () => {
    installP2PMethodsApi([rubSberbankMethod, eurRevolutMethod]);
    open('/p2p/methods');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment methods' })).toBeTruthy();
    await screen.findByRole('link', { name: /Main card/ });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'RUB · Russian Ruble',
      'EUR · Euro',
    ]);
    expect(rowTexts().filter((text) => text.includes('••••'))).toEqual([
      'Main cardSberbank · SBP•••• 4417',
      'Revolut•••• 0000',
    ]);
    expect(screen.getByRole('link', { name: /Main card/ }).getAttribute('href')).toBe('/p2p/methods/7');
  });

  it('says there are none yet, and "Add payment method" opens the add flow', async () => {
    installP2PMethodsApi();
    const { router } = open('/p2p/methods');
    expect(await screen.findByText('You have no payment methods yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add payment method' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/add'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add payment method' })).toBeTruthy();
  });

  it('is not there for someone whose flags hide payment methods', async () => {
    const api = installP2PMethodsApi([rubSberbankMethod]);
    open('/p2p/methods', { show_p2p: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('Main card')).toBeNull();
    expect(sentTo(api, 'GET /p2p/payment-methods').length).toBeLessThanOrEqual(1);
  });

  it('puts "Add payment method" on Telegram’s MainButton in the mini app', async () => {
    installP2PMethodsApi();
    const { platform } = open('/p2p/methods', marketFlags, 'mini-app');
    await screen.findByText('You have no payment methods yet.');
    expect(platform.screenActions.snapshot().main?.label).toBe('Add payment method');
    expect(platform.screenActions.snapshot().back).toBe(true);
  });
});

describe('adding a method', () => {
  async function chooseSbpSberbank() {
    fireEvent.click(await screen.findByRole('link', { name: /RUB/ }));
    fireEvent.click(await screen.findByRole('link', { name: 'SBP' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SBP' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: 'Sberbank' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sberbank' })).toBeTruthy();
  }

  it('goes currency → catalogue → the group’s banks → the bank’s details, and saves them', async () => {
    const api = installP2PMethodsApi();
    const { router } = open('/p2p/methods/add');
    expect((await screen.findByRole('link', { name: /RUB/ })).textContent).toBe('RUBRussian Ruble');
    fireEvent.click(screen.getByRole('link', { name: /RUB/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/add/RUB'));
    await screen.findByRole('link', { name: 'SBP' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Payment systems',
      'Banks',
      'E-money',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'SBP' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/add/RUB/group/sbp'));
    fireEvent.click(await screen.findByRole('link', { name: 'Sberbank' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/add/RUB/group/sbp/sberbank'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Phone number' }), {
      target: { value: ' +79001234567 ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Holder’s full name' }), { target: { value: 'Anna P.' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name (optional)' }), { target: { value: ' Salary ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods'));
    expect(sentTo(api, 'POST /p2p/payment-methods')[0]?.body).toEqual({
      fiat: 'RUB',
      identifier: 'sbp',
      child_identifier: 'sberbank',
      name: 'Salary',
      details: { phone: '+79001234567', holder_name: 'Anna P.' },
    });
    expect((await screen.findByRole('link', { name: /Salary/ })).textContent).toBe('SalarySberbank · SBP•••• 4567');
    expect(await screen.findByText('Payment method added')).toBeTruthy();
  });

  it('sends a bank of its own with no child and no name', async () => {
    const api = installP2PMethodsApi();
    open('/p2p/methods/add/RUB/tinkoff');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Card number' }), {
      target: { value: '4111 1111 1111 1111' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Holder’s full name' }), { target: { value: 'Anna P.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(api, 'POST /p2p/payment-methods')).toHaveLength(1));
    expect(sentTo(api, 'POST /p2p/payment-methods')[0]?.body).toEqual({
      fiat: 'RUB',
      identifier: 'tinkoff',
      child_identifier: null,
      name: null,
      details: { card_number: '4111 1111 1111 1111', holder_name: 'Anna P.' },
    });
  });

  it('marks every empty detail "Required" and sends nothing', async () => {
    const api = installP2PMethodsApi();
    open('/p2p/methods/add/RUB/tinkoff');
    await screen.findByRole('textbox', { name: 'Card number' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual(['Required', 'Required']);
    expect(screen.getByRole('textbox', { name: 'Card number' }).getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(api, 'POST /p2p/payment-methods')).toHaveLength(0);
  });

  it('checks each detail by its kind once Save was pressed, live after that', async () => {
    const api = installP2PMethodsApi();
    open('/p2p/methods/add/RUB/tinkoff');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Card number' }), { target: { value: '4111 1111' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Holder’s full name' }), { target: { value: 'Anna 2' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Enter a valid card number',
      'Enter the holder’s name in letters, as the bank has it',
    ]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), {
      target: { value: '4111 1111 1111 1112' },
    });
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe('Check the card number: a digit is wrong');
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), {
      target: { value: '4111 1111 1111 1111' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Holder’s full name' }), { target: { value: 'Anna' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sentTo(api, 'POST /p2p/payment-methods')).toHaveLength(0);
  });

  it('refuses a 21-character name with the spec’s message and sends nothing; 20 after trimming passes', async () => {
    const api = installP2PMethodsApi();
    const { router } = open('/p2p/methods/add/EUR/revolut');
    fireEvent.change(await screen.findByRole('textbox', { name: 'IBAN' }), {
      target: { value: 'DE89370400440532013000' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name (optional)' }), { target: { value: 'n'.repeat(21) } });
    expect((await screen.findByRole('alert')).textContent).toBe('Name must be no more than 20 characters');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentTo(api, 'POST /p2p/payment-methods')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name (optional)' }), {
      target: { value: `  ${'n'.repeat(20)}  ` },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods'));
    expect(sentTo(api, 'POST /p2p/payment-methods')[0]?.body).toMatchObject({ name: 'n'.repeat(20) });
  });

  it('shows the server’s refusal of a detail under that field until it is edited', async () => {
    const api = installP2PMethodsApi();
    api.refuseDetail = { key: 'card_number', value: '5555555555554444' };
    const { router } = open('/p2p/methods/add/RUB/tinkoff');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Card number' }), {
      target: { value: '5555555555554444' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Holder’s full name' }), { target: { value: 'Anna P.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Check the card number: a digit is wrong');
    expect(router.state.location.pathname).toBe('/p2p/methods/add/RUB/tinkoff');
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4111111111111111' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the user already has as many methods as allowed', async () => {
    const api = installP2PMethodsApi();
    api.failing['POST /p2p/payment-methods'] = {
      status: 409,
      body: { code: 'too_many_payment_methods', message: 'Too many' },
    };
    open('/p2p/methods/add/EUR/revolut');
    fireEvent.change(await screen.findByRole('textbox', { name: 'IBAN' }), {
      target: { value: 'DE89370400440532013000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('You have saved as many payment methods as allowed. Delete one to add another.'),
    ).toBeTruthy();
  });

  it('opened from create offer with back=…, returns there once saved; inner steps go back one step', async () => {
    installP2PMethodsApi();
    const back = '/p2p/offers/new?step=methods';
    const { router } = open(`/p2p/methods/add?back=${encodeURIComponent(back)}`);
    await chooseSbpSberbank();
    // Back from the bank's form is the group's banks, not the offer.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/add/RUB/group/sbp'));
    fireEvent.click(await screen.findByRole('link', { name: 'Alfa-Bank' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Phone number' }), {
      target: { value: '+79001234567' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Holder’s full name' }), { target: { value: 'Anna P.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.href).toBe(back));
    // The flow's pages are gone from the history: the offer's step took the flow's first entry.
    expect(router.history.location.state.__TSR_index).toBe(0);
  });

  it('leaves no flow page behind the list it returns to: back from the list goes where the list’s back goes', async () => {
    installP2PMethodsApi();
    const { router } = open('/p2p/methods');
    fireEvent.click(await screen.findByRole('button', { name: 'Add payment method' }));
    await chooseSbpSberbank();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Phone number' }), {
      target: { value: '+79001234567' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Holder’s full name' }), { target: { value: 'Anna P.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods'));
    expect(router.history.location.state.__TSR_index).toBe(0);
    expect(await screen.findByRole('link', { name: /Sberbank · SBP/ })).toBeTruthy();
  });

  it('sends a group opened as a bank to its banks, and says an unknown entry is not available', async () => {
    installP2PMethodsApi();
    const { router } = open('/p2p/methods/add/RUB/sbp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/add/RUB/group/sbp'));
    expect(await screen.findByRole('link', { name: 'Sberbank' })).toBeTruthy();
  });

  it('shows the not-found page for a currency code that is not one', async () => {
    installP2PMethodsApi();
    open('/p2p/methods/add/rub');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('one saved method', () => {
  function method(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
    return { ...rubSberbankMethod, ...overrides };
  }

  it('shows the name, the bank and its group, the currency and the masked data, and links to its name', async () => {
    installP2PMethodsApi([method()]);
    open('/p2p/methods/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Main card' })).toBeTruthy();
    expect(screen.getByText('Sberbank · SBP')).toBeTruthy();
    expect(screen.getByText('Russian Ruble').closest('.ui-cell')?.textContent).toBe('CurrencyRussian RubleRUB');
    expect(screen.getByText('•••• 4417').closest('.ui-cell')?.textContent).toBe('Payment details•••• 4417');
    expect(screen.getByRole('link', { name: /Name/ }).getAttribute('href')).toBe('/p2p/methods/7/name');
  });

  it('deletes after the confirmation and returns to the list', async () => {
    const api = installP2PMethodsApi([method()]);
    const { router } = open('/p2p/methods/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment method' }));
    const sheet = await screen.findByRole('dialog', { name: 'Delete this payment method?' });
    expect(sentTo(api, 'DELETE /p2p/payment-methods/7')).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods'));
    expect(sentTo(api, 'DELETE /p2p/payment-methods/7')).toHaveLength(1);
    expect(await screen.findByText('You have no payment methods yet.')).toBeTruthy();
  });

  it('keeps the method and says why when an offer still uses it (409)', async () => {
    const api = installP2PMethodsApi([method()]);
    api.inUse.add(7);
    const { router } = open('/p2p/methods/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment method' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('An offer uses this payment method. Remove it from the offer, then delete it.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/p2p/methods/7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel closes the confirmation without deleting', async () => {
    const api = installP2PMethodsApi([method()]);
    open('/p2p/methods/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment method' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentTo(api, 'DELETE /p2p/payment-methods/7')).toHaveLength(0);
  });

  it('says a method that is not the person’s is not found', async () => {
    installP2PMethodsApi();
    open('/p2p/methods/99');
    expect(await screen.findByText('Payment method not found')).toBeTruthy();
  });
});

describe('the name screen (spec 001 s.2)', () => {
  it('takes a numeric id only', async () => {
    installP2PMethodsApi([rubSberbankMethod]);
    open('/p2p/methods/abc/name');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows the empty message for a method that does not exist', async () => {
    installP2PMethodsApi();
    open('/p2p/methods/99/name');
    expect(await screen.findByText('Payment method not found')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('saves the trimmed name and goes back to the method', async () => {
    const api = installP2PMethodsApi([rubSberbankMethod]);
    const { router } = open('/p2p/methods/7/name');
    const field = await screen.findByRole('textbox', { name: 'Name' });
    expect((field as HTMLInputElement).value).toBe('Main card');
    fireEvent.change(field, { target: { value: '  Salary  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/7'));
    expect(sentTo(api, 'PATCH /p2p/payment-methods/7')[0]?.body).toEqual({ name: 'Salary' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Salary' })).toBeTruthy();
  });

  it('refuses 21 characters after trimming with "Name must be no more than 20 characters"', async () => {
    const api = installP2PMethodsApi([rubSberbankMethod]);
    open('/p2p/methods/7/name');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: ` ${'x'.repeat(21)} ` },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Name must be no more than 20 characters');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentTo(api, 'PATCH /p2p/payment-methods/7')).toHaveLength(0);
  });

  it('Remove clears the name (null) and goes back to the method', async () => {
    const api = installP2PMethodsApi([rubSberbankMethod]);
    const { router } = open('/p2p/methods/7/name');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove name' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/7'));
    expect(sentTo(api, 'PATCH /p2p/payment-methods/7')[0]?.body).toEqual({ name: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sberbank · SBP' })).toBeTruthy();
  });

  it('offers no Remove when there is no name', async () => {
    installP2PMethodsApi([eurRevolutMethod]);
    open('/p2p/methods/8/name');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('button', { name: 'Remove name' })).toBeNull();
  });

  it('says "Failed to save name." when saving fails and "Failed to remove name." when removing fails', async () => {
    const api = installP2PMethodsApi([rubSberbankMethod]);
    api.failing['PATCH /p2p/payment-methods/7'] = { status: 500, body: { code: 'internal', message: 'Boom' } };
    const { router } = open('/p2p/methods/7/name');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Salary' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove name' }));
    expect(await screen.findByText('Failed to remove name.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/p2p/methods/7/name');
  });

  it('says "Failed to update name" when the method went away meanwhile', async () => {
    const api = installP2PMethodsApi([rubSberbankMethod]);
    api.failing['PATCH /p2p/payment-methods/7'] = {
      status: 404,
      body: { code: 'payment_method_not_found', message: 'Gone' },
    };
    open('/p2p/methods/7/name');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Salary' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update name')).toBeTruthy();
  });

  it('Back goes to the method', async () => {
    installP2PMethodsApi([rubSberbankMethod]);
    const { router } = open('/p2p/methods/7/name');
    await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/methods/7'));
  });
});
