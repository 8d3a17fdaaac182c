import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { signedInitData } from './auth.ts';
import { expect } from './test.ts';

/** The compliance operator of the end-to-end server (OPERATOR_IDS in scripts/e2e-server.ts). */
export const e2eOperatorId = 700_000_099;

export interface OperatorDocument {
  short_id: string;
  type: string;
  status: string;
  uploaded_name: string | null;
}

/**
 * A compliance operator working through the operator area (`/api/v1/operator/…`), signed in as
 * the mini app signs in (init data of the operator's Telegram account), the session token sent as
 * a bearer token. Every call expects success and answers the person as the operator sees them.
 */
export class Operator {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, origin: string): Promise<Operator> {
    const initData = signedInitData({ id: e2eOperatorId, first_name: 'Olga', username: 'olga_compliance' });
    const answer = await request.post(`${origin}/api/v1/authentication/webapp`, { data: { initData } });
    expect(answer.status(), await answer.text()).toBe(200);
    const token = answer.headers()['x-session-token'];
    if (token === undefined) throw new Error('The sign-in answered no session token');
    return new Operator(request, origin, token);
  }

  private async post(path: string, body: unknown): Promise<{ documents: OperatorDocument[] }> {
    const answer = await this.request.post(`${this.origin}/api/v1/operator${path}`, {
      data: body,
      headers: { authorization: `Bearer ${this.token}` },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  }

  async documentsOf(userId: number): Promise<OperatorDocument[]> {
    const answer = await this.request.get(`${this.origin}/api/v1/operator/users/${userId}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const view: { documents: OperatorDocument[] } = await answer.json();
    return view.documents;
  }

  /** Asks the person for documents (`documents_requested`); answers them as requested documents. */
  async requestDocuments(
    userId: number,
    documents: ReadonlyArray<{ type: string; comment?: string }>,
    message: string,
  ): Promise<OperatorDocument[]> {
    const view = await this.post(`/users/${userId}/document-requests`, {
      documents,
      message,
      reason: 'Periodic review of the account (e2e)',
    });
    return view.documents;
  }

  async approve(userId: number, shortId: string): Promise<void> {
    await this.post(`/users/${userId}/documents/${shortId}/review`, { decision: 'approve' });
  }

  async reject(userId: number, shortId: string, comment: string): Promise<void> {
    await this.post(`/users/${userId}/documents/${shortId}/review`, { decision: 'reject', comment });
  }
}

/**
 * A person acting as compliance operator on the server's local stand-in page (`/local/operator`,
 * local mode, English), in a browser of their own: looks the user up, requests a document, and
 * approves or rejects documents on review.
 */
export class OperatorStandIn {
  private constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {}

  static async open(browser: Browser, origin: string, userId: number): Promise<OperatorStandIn> {
    const context = await browser.newContext({ baseURL: origin, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/local/operator');
    await page.getByLabel('User id').fill(String(userId));
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`id ${userId}`) })).toBeVisible();
    return new OperatorStandIn(context, page);
  }

  /** One document of `type` (as the page names it), with a comment and a message for the person. */
  async requestDocument(type: string, comment: string, message: string): Promise<void> {
    const form = this.page
      .locator('section')
      .filter({ has: this.page.getByRole('heading', { name: 'Request a document' }) });
    await form.getByRole('combobox', { name: /^Document/ }).selectOption({ label: type });
    await form.getByLabel('Comment for the person').fill(comment);
    await form.getByLabel('Message to the person').fill(message);
    await form.getByLabel('Reason (for the log)').fill('Yearly review (e2e)');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(this.document(type)).toContainText('Requested');
  }

  private document(type: string): Locator {
    return this.page.locator('article').filter({ has: this.page.locator('b', { hasText: type }) });
  }

  /** The document of `type` once the person's file is in: its file opens, then the decision. */
  async review(type: string, decision: 'Approve' | 'Reject', comment?: string): Promise<void> {
    const document = this.document(type);
    await expect
      .poll(async () => {
        await this.page.reload();
        return document.textContent();
      })
      .toContain('On review');
    const file = await this.page.request.get(
      (await document.getByRole('link', { name: 'Open the file' }).getAttribute('href')) ?? '',
    );
    expect(file.status()).toBe(200);
    if (comment !== undefined) await document.getByLabel('Comment for the person').fill(comment);
    await document.getByRole('button', { name: decision }).click();
    await expect(this.document(type)).toContainText(decision === 'Approve' ? 'Approved' : 'Rejected');
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
