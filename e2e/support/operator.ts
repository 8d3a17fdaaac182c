import type { APIRequestContext } from '@playwright/test';
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
