/**
 * The personal-data form (`/account/verification/personal-data`, the BASIC step) against a fake
 * server: prefilled from the last submission, field errors before anything is sent, the body as
 * the contract wants it (trimmed, optional fields left out), the country picker with its search
 * in both languages, and the server's results: back to the level, the under-18 screen, the
 * restriction-region screen.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonalData } from '../../../src/contract/verification.ts';
import { type Answer, baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeSession, renderApp, signedIn } from '../support.tsx';

const COUNTRIES = [
  { code: 'KZ', name: { en: 'Kazakhstan', ru: 'Казахстан' } },
  { code: 'DE', name: { en: 'Germany', ru: 'Германия' } },
  { code: 'AM', name: { en: 'Armenia', ru: 'Армения' } },
];

const SAVED: PersonalData = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  country: 'DE',
  city: 'Berlin',
  address: 'Unter den Linden 1',
};

const STEP_DONE = { type: 'BASIC', status: 'completed', result: 'OK', reason: null, updated_at: null };

function serve(options: { saved?: PersonalData | null; submit?: Answer } = {}) {
  const sent: FakeRequest[] = [];
  stubFetch((request) => {
    if (request.route === 'GET /user/settings') return ok(baseSettings);
    if (request.route === 'GET /geo/countries') return ok({ data: COUNTRIES });
    if (request.route === 'GET /verification/personal-data') {
      return ok({ data: options.saved ?? null, result: options.saved ? 'OK' : null });
    }
    if (request.route === 'POST /verification/personal-data') {
      sent.push(request);
      return options.submit ?? ok(STEP_DONE);
    }
    if (request.route === 'GET /verification-flow/withdraw') {
      return ok({ section: 'withdraw', status: 'action_required', steps: [] });
    }
    return undefined;
  });
  return sent;
}

function open(path = '/account/verification/personal-data?flow=withdraw') {
  return renderApp({ path, session: fakeSession(signedIn) });
}

function field(name: string): HTMLInputElement {
  const found = screen.getByLabelText(name);
  if (!(found instanceof HTMLInputElement)) throw new Error(`${name} is not a field`);
  return found;
}

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

function send() {
  act(() => void fireEvent.click(screen.getByRole('button', { name: 'Send' })));
}

/** Fills every required field of an empty form with Ada's data, Kazakhstan chosen in the picker. */
async function fillIn() {
  await screen.findByRole('heading', { level: 1, name: 'Personal data' });
  type('First name', '  Ada ');
  type('Last name', 'Lovelace');
  type('Date of birth', '1990-12-10');
  type('City', 'Almaty');
  type('Address', 'Abay Ave 10, flat 5');
  fireEvent.click(screen.getByRole('button', { name: 'Choose a country' }));
  fireEvent.click(await screen.findByRole('radio', { name: /Kazakhstan/ }));
  await screen.findByRole('heading', { level: 1, name: 'Personal data' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the personal-data form', () => {
  it('is prefilled with what was sent last time, the country by its name', async () => {
    serve({ saved: SAVED });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Personal data' });
    expect(field('First name').value).toBe('Ada');
    expect(field('Last name').value).toBe('Lovelace');
    expect(field('Middle name').value).toBe('');
    expect(field('Date of birth').value).toBe('1990-12-10');
    expect(field('City').value).toBe('Berlin');
    expect(field('Address').value).toBe('Unter den Linden 1');
    expect(await screen.findByRole('button', { name: 'Germany' })).toBeTruthy();
  });

  it('says what is missing and sends nothing while a required field is empty', async () => {
    const sent = serve();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Personal data' });
    type('First name', '   ');
    send();
    expect(screen.getAllByText('Fill this in')).toHaveLength(5);
    expect(screen.getByText('Choose your country of residence')).toBeTruthy();
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Middle name').getAttribute('aria-invalid')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('refuses a date of birth in the future', async () => {
    const sent = serve({ saved: SAVED });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Personal data' });
    type('Date of birth', '2999-01-01');
    send();
    expect(screen.getByText('This date is in the future')).toBeTruthy();
    expect(sent).toEqual([]);
    type('Date of birth', '2008-02-29');
    expect(screen.queryByText('This date is in the future')).toBeNull();
  });

  it('sends the data trimmed, without the empty optional fields, and returns to the level', async () => {
    const sent = serve();
    const { router } = open();
    await fillIn();
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/verification/withdraw'));
    expect(sent.map((request) => request.body)).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        date_of_birth: '1990-12-10',
        country: 'KZ',
        city: 'Almaty',
        address: 'Abay Ave 10, flat 5',
      },
    ]);
  });

  it('shows the under-18 result when the server says UNDER_18', async () => {
    serve({
      submit: {
        status: 422,
        body: { code: 'personal_data_refused', message: 'Refused', data: { result: 'UNDER_18' } },
      },
    });
    const { router } = open();
    await fillIn();
    send();
    expect(await screen.findByRole('heading', { level: 1, name: 'You must be 18 or older' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/verification/personal-data');
  });

  it('goes to the restriction-region screen when the server says RESTRICTED_REGION', async () => {
    serve({
      submit: {
        status: 422,
        body: { code: 'personal_data_refused', message: 'Refused', data: { result: 'RESTRICTED_REGION' } },
      },
    });
    const { router } = open();
    await fillIn();
    send();
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available in your region' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/restriction-region');
  });

  it('says so when the phone step comes first (409)', async () => {
    serve({ submit: { status: 409, body: { code: 'step_unavailable', message: 'Not yet' } } });
    open();
    await fillIn();
    send();
    expect(await screen.findByText('Share your phone number first: personal data is the next step.')).toBeTruthy();
  });
});

describe('the country picker', () => {
  it('has its own URL, lists the countries by name and finds them by either language or the code', async () => {
    serve();
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Personal data' });
    type('City', 'Yerevan');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a country' }));
    await screen.findByRole('heading', { level: 1, name: 'Country of residence' });
    expect(router.state.location.search).toEqual({ flow: 'withdraw', picker: 'country' });
    const names = () => screen.getAllByRole('radio').map((radio) => radio.textContent);
    expect(names()).toEqual(['ArmeniaAM', 'GermanyDE', 'KazakhstanKZ']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'герм' } });
    await waitFor(() => expect(names()).toEqual(['GermanyDE']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'am' } });
    await waitFor(() => expect(names()).toEqual(['ArmeniaAM']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'zz' } });
    expect(await screen.findByText('Nothing found')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('radio', { name: /Armenia/ }));
    expect(await screen.findByRole('button', { name: 'Armenia' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ flow: 'withdraw' });
    // What was typed before the picker is still there.
    expect(field('City').value).toBe('Yerevan');
  });
});
