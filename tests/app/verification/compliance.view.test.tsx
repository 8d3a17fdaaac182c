/**
 * /compliance rendered in the whole app with a fake server: the four kinds of request (spec 000
 * s.3: inactive, pending, verification_requested, documents_requested), each with its words and
 * its way forward, the account's restrictions from the settings (ban and reason, lock, soft ban
 * until), the home notice while compliance waits for the person, and the policy page.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComplianceDocument, ComplianceState } from '../../../src/contract/compliance.ts';
import type { Compliance, UserSettings } from '../../../src/contract/settings.ts';
import { baseSettings, ok, stubFetch } from '../support/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

const clear: Compliance = {
  lock: false,
  ban: false,
  ban_reason: null,
  pending_actions_from_user: false,
  soft_ban_until: null,
};

const statement: ComplianceDocument = {
  short_id: 'D4',
  type: 'bank_statement',
  status: 'requested',
  uploaded_at: null,
  uploaded_name: null,
  comment: 'A statement for March',
};

const approvedPassport: ComplianceDocument = {
  short_id: 'D1',
  type: 'passport',
  status: 'approved',
  uploaded_at: '2025-03-12T11:30:00Z',
  uploaded_name: 'passport.jpg',
  comment: null,
};

function request(overrides: Partial<ComplianceState>): ComplianceState {
  return { kind: 'inactive', message: null, level: null, requested_documents: [], updated_at: null, ...overrides };
}

function open(
  state: ComplianceState,
  options: { compliance?: Partial<Compliance>; settings?: Partial<UserSettings>; path?: string } = {},
) {
  stubFetch((call) => {
    if (call.route === 'GET /user/compliance') return ok(state);
    if (call.route === 'GET /user/compliance-documents') return ok({ items: [approvedPassport, statement] });
    return undefined;
  });
  const settings: UserSettings = {
    ...baseSettings,
    timezone: 'Europe/Moscow',
    ...options.settings,
    compliance: { ...clear, ...options.compliance },
  };
  return renderApp({
    path: options.path ?? '/compliance',
    session: fakeSession({ status: 'signed-in', settings }),
    platform: fakePlatform('web'),
  });
}

async function kindHeading(): Promise<string | null> {
  const section = await waitFor(() => {
    const found = document.querySelector('.compliance-kind h2');
    if (found === null) throw new Error('no request shown yet');
    return found;
  });
  return section.textContent;
}

function kindText(): string {
  return document.querySelector('.compliance-kind')?.textContent ?? '';
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the compliance page', () => {
  it('inactive: says nothing is needed and offers no action', async () => {
    open(request({ kind: 'inactive' }));
    expect(await kindHeading()).toBe('Nothing is needed');
    expect(kindText()).toBe('Nothing is neededCompliance has no requests for you.');
    expect(screen.queryByRole('button', { name: 'Start verification' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload a document' })).toBeNull();
  });

  it('pending: says the review is under way and there is nothing to do, with the operator’s message', async () => {
    open(request({ kind: 'pending', message: 'We are checking your statement' }));
    expect(await kindHeading()).toBe('Under review');
    expect(
      screen.getByText('Compliance is reviewing what you sent. There is nothing to do; this page updates by itself.'),
    ).toBeTruthy();
    expect(screen.getByText('Message from compliance: We are checking your statement')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start verification' })).toBeNull();
  });

  it('verification_requested: names the level and links to its flow; the main action starts it', async () => {
    const { router } = open(request({ kind: 'verification_requested', level: 'p2p-merchant' }));
    expect(await kindHeading()).toBe('Verification requested');
    expect(screen.getByText('Compliance asks you to pass the “P2P merchant” verification.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to verification' }).getAttribute('href')).toBe(
      '/account/verification/p2p-merchant',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/verification/p2p-merchant'));
  });

  it('documents_requested: lists the documents still asked for, each leading to its upload', async () => {
    const { router } = open(
      request({ kind: 'documents_requested', message: 'Please send the March statement', requested_documents: ['D4'] }),
    );
    expect(await kindHeading()).toBe('Documents requested');
    expect(screen.getByText('Message from compliance: Please send the March statement')).toBeTruthy();
    const link = await screen.findByRole('link', { name: /^Bank statement/ });
    expect(link.textContent).toBe('Bank statementA statement for MarchRequested');
    expect(link.getAttribute('href')).toBe('/account/verification/documents/upload/D4');
    // The approved passport is not asked for.
    expect(screen.queryByText('Passport')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload a document' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/verification/documents/upload/D4'));
  });

  it('documents_requested with uploads turned off: explains it, and no document leads to an upload', async () => {
    open(request({ kind: 'documents_requested', requested_documents: ['D4'] }), {
      settings: { permissions: { can_upload_files: false } },
    });
    expect(await kindHeading()).toBe('Documents requested');
    expect(await screen.findByText('Bank statement')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'Uploading files is turned off for your account. Write to support if you think this is a mistake.',
    );
    expect(screen.queryByRole('link', { name: /^Bank statement/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload a document' })).toBeNull();
  });

  it('shows no restriction when the account has none', async () => {
    open(request({}));
    expect(await screen.findByText('No restrictions')).toBeTruthy();
  });

  it('explains a lock', async () => {
    open(request({}), { compliance: { lock: true } });
    expect(await screen.findByText('Money locked')).toBeTruthy();
    expect(
      screen.getByText('Deposits, withdrawals and trading are paused until compliance lifts the lock.'),
    ).toBeTruthy();
  });

  it('explains a ban with its reason', async () => {
    open(request({}), { compliance: { ban: true, ban_reason: 'Fraud reports from several users' } });
    expect(await screen.findByText('Account blocked')).toBeTruthy();
    expect(screen.getByText('Reason')).toBeTruthy();
    expect(screen.getByText('Fraud reports from several users')).toBeTruthy();
  });

  it('explains a soft ban until its end, in the person’s time zone', async () => {
    open(request({}), { compliance: { soft_ban_until: '2099-03-12T11:30:00Z' } });
    expect(await screen.findByText('Restricted until 12 Mar 2099 14:30')).toBeTruthy();
    expect(
      screen.getByText('Deposits, withdrawals and trading are paused until then; the restriction lifts by itself.'),
    ).toBeTruthy();
  });

  it('ignores a soft ban that has already ended', async () => {
    open(request({}), { compliance: { soft_ban_until: '2020-03-12T11:30:00Z' } });
    expect(await screen.findByText('No restrictions')).toBeTruthy();
  });

  it('reads naturally in Russian', async () => {
    open(request({ kind: 'verification_requested', level: 'p2p-merchant' }), { settings: { language: 'ru' } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Запрошена верификация' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Пройти верификацию' })).toBeTruthy();
    expect(screen.getByText('Ограничений нет')).toBeTruthy();
  });
});

describe('the home notice', () => {
  it('links to /compliance while compliance waits for the person', async () => {
    open(request({}), { compliance: { pending_actions_from_user: true }, path: '/' });
    const notice = await screen.findByRole('link', { name: /Compliance needs something from you/ });
    expect(notice.getAttribute('href')).toBe('/compliance');
  });

  it('is not there otherwise', async () => {
    open(request({}), { path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Wallet' });
    expect(screen.queryByRole('link', { name: /Compliance needs something from you/ })).toBeNull();
  });
});

describe('the compliance policy', () => {
  it('is readable without signing in', async () => {
    stubFetch(() => undefined);
    renderApp({ path: '/compliance-policy', session: fakeSession({ status: 'signed-out' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compliance policy' })).toBeTruthy();
    for (const heading of [
      'What we check',
      'Why we ask for documents',
      'How your documents are stored',
      'Who sees them',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
  });

  it('reads in Russian for a Russian reader', async () => {
    open(request({}), { settings: { language: 'ru' }, path: '/compliance-policy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Политика комплаенса' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Кто их видит' })).toBeTruthy();
  });
});
