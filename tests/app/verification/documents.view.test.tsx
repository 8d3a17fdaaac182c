/**
 * The document list (/account/verification/documents) and a requested document's upload page,
 * rendered in the whole app with a fake server: each status in its words and its colour (spec 000
 * s.3: approved good, rejected bad, on review gray, requested warning), the file's name and date,
 * the operator's comment, which rows lead to an upload, uploads turned off, polling, Russian.
 */
import { readFileSync } from 'node:fs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComplianceDocument } from '../../../src/contract/compliance.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { HELD_SERVER_FAKE_TIMERS, settle } from '../support/heldServer.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

const documents: ComplianceDocument[] = [
  {
    short_id: 'D1',
    type: 'passport',
    status: 'approved',
    uploaded_at: '2025-03-12T11:30:00Z',
    uploaded_name: 'passport.jpg',
    comment: null,
  },
  {
    short_id: 'D2',
    type: 'proof_of_address',
    status: 'rejected',
    uploaded_at: '2025-04-02T08:05:00Z',
    uploaded_name: 'bill.pdf',
    comment: 'The bill is older than 3 months',
  },
  {
    short_id: 'D3',
    type: 'selfie',
    status: 'on_review',
    uploaded_at: '2025-04-03T21:00:00Z',
    uploaded_name: 'selfie.heic',
    comment: null,
  },
  {
    short_id: 'D4',
    type: 'bank_statement',
    status: 'requested',
    uploaded_at: null,
    uploaded_name: null,
    comment: 'A statement for March, please',
  },
];

function settingsWith(overrides: Partial<UserSettings> = {}): UserSettings {
  return { ...baseSettings, timezone: 'Europe/Moscow', ...overrides };
}

function serve(list: () => ComplianceDocument[], seen: FakeRequest[] = []) {
  stubFetch((request) => {
    seen.push(request);
    if (request.route === 'GET /user/compliance-documents') return ok({ items: list() });
    const one = /^GET \/user\/compliance-documents\/([^/]+)$/.exec(request.route);
    if (one !== null) {
      const found = list().find((document) => document.short_id === one[1]);
      return found === undefined
        ? { status: 404, body: { code: 'document_not_found', message: 'No such document' } }
        : ok(found);
    }
    return undefined;
  });
  return seen;
}

function open(path: string, settings: UserSettings = settingsWith(), kind: 'web' | 'mini-app' = 'web') {
  return renderApp({ path, session: fakeSession({ status: 'signed-in', settings }), platform: fakePlatform(kind) });
}

/** The list's rows, once they are there. */
async function documentRows(): Promise<HTMLElement[]> {
  await waitFor(() => expect(document.querySelectorAll('.documents-item').length).toBeGreaterThan(0));
  return [...document.querySelectorAll<HTMLElement>('.documents-item')];
}

/** The list's rows as the person reads them: type, subtitle, status. */
async function rows(): Promise<string[]> {
  const items = await documentRows();
  return items.map((item) =>
    [
      item.querySelector('.ui-cell-title')?.textContent,
      item.querySelector('.ui-cell-subtitle')?.textContent,
      item.querySelector('.documents-status')?.textContent,
    ].join(' · '),
  );
}

/** The colour each status class draws with, read from the stylesheet the list loads. */
function statusColour(className: string): string | undefined {
  const css = readFileSync('src/app/features/verification/documents.css', 'utf8');
  const rule = new RegExp(`\\.${className} \\{\\s*color: ([^;]+);`).exec(css);
  return rule?.[1];
}

function badge(row: HTMLElement): HTMLElement {
  const element = row.querySelector<HTMLElement>('.documents-status');
  if (element === null) throw new Error('no status in the row');
  return element;
}

/**
 * Under fake timers (no waitFor): lets the app run until `check` holds, a millisecond of fake time
 * a turn, for at most 5 real seconds (the first render loads the route's modules for real).
 */
async function turnsUntil(check: () => boolean): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!check() && performance.now() < deadline) {
    await act(async () => {
      vi.advanceTimersByTime(1);
      await settle();
    });
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the document list', () => {
  it('shows each document’s type, file name and upload date in the person’s time zone, and its status', async () => {
    serve(() => documents);
    open('/account/verification/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    expect(await rows()).toEqual([
      'Passport · passport.jpg, 12 Mar 2025 14:30 · Approved',
      'Proof of address · bill.pdf, 2 Apr 2025 11:05 · Rejected',
      'Selfie with your document · selfie.heic, 4 Apr 2025 00:00 · On review',
      'Bank statement · Not uploaded yet · Requested',
    ]);
  });

  it('draws approved in the good colour, rejected in the bad one, on review gray and requested as a warning', async () => {
    serve(() => documents);
    open('/account/verification/documents');
    const [approved, rejected, onReview, requested] = await documentRows();
    if (approved === undefined || rejected === undefined || onReview === undefined || requested === undefined) {
      throw new Error('four rows expected');
    }
    expect(statusColour(badge(approved).classList[1] ?? '')).toBe('var(--app-positive-text-color)');
    expect(statusColour(badge(rejected).classList[1] ?? '')).toBe('var(--tg-theme-destructive-text-color)');
    expect(statusColour(badge(onReview).classList[1] ?? '')).toBe('var(--tg-theme-hint-color)');
    expect(statusColour(badge(requested).classList[1] ?? '')).toBe('var(--app-warning-text-color)');
  });

  it('shows the operator’s comment under its document', async () => {
    serve(() => documents);
    open('/account/verification/documents');
    const [, rejected, , requested] = await documentRows();
    expect(rejected?.querySelector('.documents-comment')?.textContent).toBe(
      'Compliance: The bill is older than 3 months',
    );
    expect(requested?.querySelector('.documents-comment')?.textContent).toBe(
      'Compliance: A statement for March, please',
    );
  });

  it('leads from a requested or rejected document to its upload, and from no other', async () => {
    serve(() => documents);
    open('/account/verification/documents');
    const [approved, rejected, onReview, requested] = await documentRows();
    expect(approved?.querySelector('a')).toBeNull();
    expect(onReview?.querySelector('a')).toBeNull();
    expect(rejected?.querySelector('a')?.getAttribute('href')).toBe('/account/verification/documents/upload/D2');
    expect(requested?.querySelector('a')?.getAttribute('href')).toBe('/account/verification/documents/upload/D4');
  });

  it('offers “Upload a document” as the main action, which opens the type choice', async () => {
    serve(() => documents);
    const { router } = open('/account/verification/documents');
    await documentRows();
    fireEvent.click(screen.getByRole('button', { name: 'Upload a document' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/verification/documents/upload'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload a document' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Proof of address/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'proof_of_address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Proof of address' })).toBeTruthy();
    expect(screen.getByLabelText('Choose a file')).toBeTruthy();
  });

  it('in the mini app puts “Upload a document” on Telegram’s main button', async () => {
    serve(() => documents);
    const { platform } = open('/account/verification/documents', settingsWith(), 'mini-app');
    await documentRows();
    expect(platform.screenActions.snapshot().main?.label).toBe('Upload a document');
    expect(platform.screenActions.snapshot().back).toBe(true);
  });

  it('with uploads turned off says so, and offers no upload anywhere', async () => {
    serve(() => documents);
    open('/account/verification/documents', settingsWith({ permissions: { can_upload_files: false } }));
    const items = await documentRows();
    expect(screen.getByRole('note').textContent).toBe(
      'Uploading files is turned off for your account. Write to support if you think this is a mistake.',
    );
    expect(screen.queryByRole('button', { name: 'Upload a document' })).toBeNull();
    for (const item of items) expect(item.querySelector('a')).toBeNull();
  });

  it('says when there are no documents yet', async () => {
    serve(() => []);
    open('/account/verification/documents');
    expect(await screen.findByText('No documents yet. Nothing is needed unless compliance asks for it.')).toBeTruthy();
  });

  it('asks the server again within 5 seconds and shows the new status without a reload', async () => {
    vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
    let current = documents;
    const seen = serve(() => current);
    open('/account/verification/documents');
    const lists = () => seen.filter((request) => request.route === 'GET /user/compliance-documents').length;
    await turnsUntil(() => document.querySelectorAll('.documents-item').length === 4);
    const before = lists();
    current = documents.map((item) => (item.short_id === 'D3' ? { ...item, status: 'approved' } : item));
    await act(async () => {
      vi.advanceTimersByTime(5000);
      await settle();
    });
    const third = () => document.querySelectorAll<HTMLElement>('.documents-item')[2];
    await turnsUntil(() => third()?.querySelector('.documents-status')?.textContent === 'Approved');
    expect(third()?.querySelector('.documents-status')?.textContent).toBe('Approved');
    expect(lists()).toBe(before + 1);
  });

  it('reads naturally in Russian', async () => {
    serve(() => documents);
    open('/account/verification/documents', settingsWith({ language: 'ru' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Документы' })).toBeTruthy();
    // The whole catalog is there (it may come in parts) once a status reads in Russian.
    await screen.findByText('Одобрен');
    expect(await rows()).toEqual([
      'Паспорт · passport.jpg, 12 мар. 2025 14:30 · Одобрен',
      'Подтверждение адреса · bill.pdf, 2 апр. 2025 11:05 · Отклонён',
      'Селфи с документом · selfie.heic, 4 апр. 2025 00:00 · На проверке',
      'Банковская выписка · Ещё не загружен · Запрошен',
    ]);
    expect(screen.getByRole('button', { name: 'Загрузить документ' })).toBeTruthy();
  });
});

describe('a requested document’s upload page', () => {
  it('names the document, shows compliance’s note and offers the file picker', async () => {
    serve(() => documents);
    open('/account/verification/documents/upload/D4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank statement' })).toBeTruthy();
    expect(screen.getByText('A statement for March, please')).toBeTruthy();
    expect(screen.getByLabelText('Choose a file')).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload.hasAttribute('disabled')).toBe(true);
  });

  it('is the not-found page for an id that is not the person’s', async () => {
    serve(() => documents);
    open('/account/verification/documents/upload/NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Document not found' })).toBeTruthy();
    expect(screen.queryByLabelText('Choose a file')).toBeNull();
  });

  it('takes no file for a document already on review: it shows the status instead', async () => {
    serve(() => documents);
    open('/account/verification/documents/upload/D3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Selfie with your document' })).toBeTruthy();
    expect(screen.getByText('This document needs no file now.')).toBeTruthy();
    expect(within(document.body).getByText('On review')).toBeTruthy();
    expect(screen.queryByLabelText('Choose a file')).toBeNull();
  });

  it('with uploads turned off explains why instead of the picker', async () => {
    serve(() => documents);
    open('/account/verification/documents/upload/D4', settingsWith({ permissions: { can_upload_files: false } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank statement' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'Uploading files is turned off for your account. Write to support if you think this is a mistake.',
    );
    expect(screen.queryByLabelText('Choose a file')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});
