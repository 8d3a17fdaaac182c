import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { checkPaymentDetail, maskPaymentData, type PaymentDetailProblem } from '../../../contract/p2p-payment-details';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods';
import { paymentMethodErrorCodes } from '../../../contract/p2p-payment-methods';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { p2pPaymentMethods } from '../../db/schema/p2p-market';
import { userSettings } from '../../db/schema/users';
import { ApiError, unauthorized } from '../../http/api-error';
import { marketRules } from '../p2p-market/market-rules';
import { catalogueNames, fieldsOf, resolveCatalogueChoice } from '../p2p-market/payment-catalogue';
import { isMarketFiat } from '../p2p-market/service';
import type { DetailsCipher } from './details-cipher';
import type { PaymentMethodUsage } from './usage';

export const paymentMethodErrors = {
  notFound: () => new ApiError(404, paymentMethodErrorCodes.methodNotFound, 'No such payment method was found'),
  catalogueEntryNotFound: () =>
    new ApiError(
      404,
      paymentMethodErrorCodes.catalogueEntryNotFound,
      'No such payment method in the catalogue of this currency',
    ),
  invalidDetails: (fields: Record<string, PaymentDetailProblem>) =>
    new ApiError(422, paymentMethodErrorCodes.invalidDetails, 'Some payment details are not valid', { fields }),
  tooMany: () =>
    new ApiError(
      409,
      paymentMethodErrorCodes.tooManyMethods,
      `You can save at most ${marketRules.max_payment_methods} payment methods`,
    ),
  inUse: () =>
    new ApiError(
      409,
      paymentMethodErrorCodes.methodInUse,
      'An offer still uses this payment method: remove it from the offer first',
    ),
};

type MethodRow = typeof p2pPaymentMethods.$inferSelect;

/** A saved method as every answer shows it: names in the user's language, the main detail masked. */
export function toPaymentMethod(row: MethodRow, language: Language): PaymentMethod {
  return {
    id: row.id,
    name: row.name,
    fiat: row.fiat,
    identifier: row.identifier,
    child_identifier: row.childIdentifier,
    ...catalogueNames(row.fiat, row.identifier, row.childIdentifier, language),
    data: maskPaymentData(row.dataTail),
  };
}

const isOwn = (userId: number, id: number) => and(eq(p2pPaymentMethods.id, id), eq(p2pPaymentMethods.userId, userId));

export async function listPaymentMethods(
  db: Database,
  userId: number,
  fiat: string | undefined,
  language: Language,
): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(p2pPaymentMethods)
    .where(and(eq(p2pPaymentMethods.userId, userId), fiat === undefined ? undefined : eq(p2pPaymentMethods.fiat, fiat)))
    .orderBy(asc(p2pPaymentMethods.id));
  return rows.map((row) => toPaymentMethod(row, language));
}

export async function getPaymentMethod(
  db: Database,
  userId: number,
  id: number,
  language: Language,
): Promise<PaymentMethod> {
  const [row] = await db.select().from(p2pPaymentMethods).where(isOwn(userId, id));
  if (row === undefined) throw paymentMethodErrors.notFound();
  return toPaymentMethod(row, language);
}

/** A saved method as an offer shows it, with who owns it. */
export interface OwnedPaymentMethod {
  readonly ownerId: number;
  readonly method: PaymentMethod;
}

/**
 * Saved methods by id, whoever owns them, masked as always: what a sell offer shows of its maker's
 * methods, and how the offers module checks that the ids it is given are the maker's own and of
 * the offer's fiat. Ids that name no method are absent from the map.
 */
export async function paymentMethodsByIds(
  db: Database,
  ids: readonly number[],
  language: Language,
): Promise<Map<number, OwnedPaymentMethod>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(p2pPaymentMethods)
    .where(inArray(p2pPaymentMethods.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { ownerId: row.userId, method: toPaymentMethod(row, language) }]));
}

/** Sets the name; null or an empty text (after the contract's trim) clears it. */
export async function renamePaymentMethod(
  db: Database,
  userId: number,
  id: number,
  name: string | null,
  now: Date,
): Promise<{ result: true }> {
  const updated = await db
    .update(p2pPaymentMethods)
    .set({ name: name === null || name === '' ? null : name, updatedAt: now })
    .where(isOwn(userId, id))
    .returning({ id: p2pPaymentMethods.id });
  if (updated.length === 0) throw paymentMethodErrors.notFound();
  return { result: true };
}

export interface NewPaymentMethod {
  readonly fiat: string;
  readonly identifier: string;
  readonly child_identifier: string | null;
  readonly name: string | null;
  readonly details: Readonly<Record<string, string>>;
}

/**
 * Every field of the entry checked by its kind; a missing field is `required` and a key the entry
 * does not ask for `unknown_field`. The normalised values, or 422 naming each failing key.
 */
function checkedDetails(
  fields: ReturnType<typeof fieldsOf>,
  details: Readonly<Record<string, string>>,
): { readonly values: Record<string, string>; readonly data: string } {
  const problems: Record<string, PaymentDetailProblem> = {};
  const values: Record<string, string> = {};
  for (const key of Object.keys(details)) {
    if (!fields.some((field) => field.key === key)) problems[key] = 'unknown_field';
  }
  for (const field of fields) {
    const check = checkPaymentDetail(field.kind, details[field.key] ?? '');
    if (check.ok) values[field.key] = check.value;
    else problems[field.key] = check.problem;
  }
  const dataField = fields.find((field) => field.is_data);
  const data = dataField === undefined ? undefined : values[dataField.key];
  if (Object.keys(problems).length > 0 || data === undefined) throw paymentMethodErrors.invalidDetails(problems);
  return { values, data };
}

/**
 * Saves a method of a catalogue entry (a group needs one of its banks) with its checked details,
 * sealed; at most `max_payment_methods` per user. The user's settings row is locked meanwhile,
 * so two adds at once cannot both pass the cap.
 */
export async function addPaymentMethod(
  db: Database,
  cipher: DetailsCipher,
  userId: number,
  method: NewPaymentMethod,
  language: Language,
  now: Date,
): Promise<PaymentMethod> {
  const choice = (await isMarketFiat(db, method.fiat))
    ? resolveCatalogueChoice(method.fiat, method.identifier, method.child_identifier)
    : null;
  if (choice === null) throw paymentMethodErrors.catalogueEntryNotFound();
  const { values, data } = checkedDetails(fieldsOf(choice), method.details);
  const row = await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: userSettings.userId })
      .from(userSettings)
      .where(eq(userSettings.userId, userId))
      .for('update');
    if (owner === undefined) throw unauthorized();
    const [saved] = await tx
      .select({ count: count() })
      .from(p2pPaymentMethods)
      .where(eq(p2pPaymentMethods.userId, userId));
    if ((saved?.count ?? 0) >= marketRules.max_payment_methods) throw paymentMethodErrors.tooMany();
    const [inserted] = await tx
      .insert(p2pPaymentMethods)
      .values({
        userId,
        fiat: method.fiat,
        identifier: choice.entry.identifier,
        childIdentifier: choice.child?.identifier ?? null,
        name: method.name === null || method.name === '' ? null : method.name,
        sealedDetails: cipher.seal(userId, values),
        dataTail: data.slice(-4),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted;
  });
  if (row === undefined) throw new Error('The payment method was not saved');
  return toPaymentMethod(row, language);
}

/** Deletes the user's method unless an offer still lists it (409 payment_method_in_use). */
export async function deletePaymentMethod(
  db: Database,
  usage: PaymentMethodUsage,
  userId: number,
  id: number,
): Promise<{ result: true }> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: p2pPaymentMethods.id })
      .from(p2pPaymentMethods)
      .where(isOwn(userId, id))
      .for('update');
    if (row === undefined) throw paymentMethodErrors.notFound();
    if (await usage(tx, userId, id)) throw paymentMethodErrors.inUse();
    await tx.delete(p2pPaymentMethods).where(isOwn(userId, id));
  });
  return { result: true };
}
