import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { buildP2cQrLink, type P2cQrLinkProblem, parseP2cQrLink } from '../../../contract/p2c-qr-link';
import type { Database } from '../../db/database';
import { paymentSystemCodes } from '../../db/schema/p2c';
import { fiatAmountOf, fiatCents } from '../p2p-offers/money';

// The local stand-in shop's codes (docs/p2c.md "The local shop and bank"): issued into the
// payment system stand-in's table, paid by the stand-in bank.

/** The one shop of local mode, at a real bank's member id, so links look like a real shop's. */
export const localShop = { name: 'Romashka Coffee', bank: 'Sberbank', bankId: '100000000111' } as const;

/** A dynamic code is payable this long after it is issued (real ones last from minutes to days). */
export const localCodeLifetimeMs = 24 * 60 * 60 * 1000;

const idAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 32 characters like the payment system's own: `AD` (a dynamic code) and 30 random letters and digits. */
function newCodeId(): string {
  let id = 'AD';
  while (id.length < 32) id += idAlphabet[randomInt(idAlphabet.length)];
  return id;
}

export interface LocalCode {
  readonly id: string;
  readonly link: string;
  /** Roubles as the contract writes them: "1500", "99.9". */
  readonly roubles: string;
  readonly payeeName: string;
  readonly payeeBank: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date | null;
  readonly paidAt: Date | null;
}

type CodeRow = typeof paymentSystemCodes.$inferSelect;

function localCode(row: CodeRow): LocalCode {
  return {
    id: row.id,
    link: row.link,
    roubles: fiatAmountOf(fiatCents(row.fiatAmount)),
    payeeName: row.payeeName,
    payeeBank: row.payeeBank,
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
    paidAt: row.paidAt,
  };
}

/** Issues a dynamic NSPK code for `roubles` (a contract fiat amount, already checked). */
export async function issueLocalCode(db: Database, roubles: string, now: Date): Promise<LocalCode> {
  const id = newCodeId();
  const kopecks = fiatCents(roubles);
  const link = buildP2cQrLink({ type: 'nspk', id, codeKind: '02', bank: localShop.bankId, kopecks });
  const [row] = await db
    .insert(paymentSystemCodes)
    .values({
      id,
      type: 'nspk',
      link,
      payeeName: localShop.name,
      payeeBank: localShop.bank,
      payeeBankId: localShop.bankId,
      fiatAmount: fiatAmountOf(kopecks),
      purpose: null,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + localCodeLifetimeMs),
    })
    .returning();
  if (row === undefined) throw new Error('The issued code was not written');
  return localCode(row);
}

export async function findLocalCode(db: Database, id: string): Promise<LocalCode | null> {
  const [row] = await db.select().from(paymentSystemCodes).where(eq(paymentSystemCodes.id, id));
  return row === undefined ? null : localCode(row);
}

/** The codes issued last, newest first. */
export async function recentLocalCodes(db: Database, limit = 30): Promise<LocalCode[]> {
  const rows = await db
    .select()
    .from(paymentSystemCodes)
    .orderBy(desc(paymentSystemCodes.issuedAt), desc(paymentSystemCodes.id))
    .limit(limit);
  return rows.map(localCode);
}

export type BankPayment =
  | { readonly ok: true; readonly code: LocalCode }
  | {
      readonly ok: false;
      readonly problem: P2cQrLinkProblem | 'unknown_code' | 'already_paid' | 'expired';
      /** The code, when the link named a known one. */
      readonly code?: LocalCode;
    };

/**
 * The stand-in bank pays the code a link names: it becomes paid (`paid_at`) exactly once, however
 * many times or places Pay is pressed at once; a paid or expired code is refused.
 */
export async function payLocalCode(db: Database, linkText: string, now: Date): Promise<BankPayment> {
  const parsed = parseP2cQrLink(linkText.trim());
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  const [paid] = await db
    .update(paymentSystemCodes)
    .set({ paidAt: now })
    .where(
      and(
        eq(paymentSystemCodes.id, parsed.link.id),
        isNull(paymentSystemCodes.paidAt),
        or(isNull(paymentSystemCodes.expiresAt), gt(paymentSystemCodes.expiresAt, now)),
      ),
    )
    .returning();
  if (paid !== undefined) return { ok: true, code: localCode(paid) };
  const code = await findLocalCode(db, parsed.link.id);
  if (code === null) return { ok: false, problem: 'unknown_code' };
  return { ok: false, problem: code.paidAt === null ? 'expired' : 'already_paid', code };
}
