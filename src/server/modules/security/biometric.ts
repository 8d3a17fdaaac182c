import { and, eq } from 'drizzle-orm';
import type { TransactionType } from '../../../contract/security';
import type { Database } from '../../db/database';
import { biometricTokens } from '../../db/schema/security';
import type { SecurityContext } from './context';
import { securityErrors } from './errors';
import { consumeToken, issueToken, randomToken, sameSecret, sha256 } from './tokens';

/**
 * add-biometric: a passcode confirmation token issued for addBiometric (any hash) buys a
 * biometric token for the device; adding again replaces the device's token.
 */
export async function addBiometric(
  context: SecurityContext,
  userId: number,
  input: { readonly deviceId: string; readonly passCodeConfirmationToken: string },
): Promise<{ token: string }> {
  const now = context.now();
  const spent = await consumeToken(
    context.db,
    input.passCodeConfirmationToken,
    { userId, kind: 'confirmation', transactionTypes: ['addBiometric', 'add_biometric'] },
    now,
  );
  if (!spent) throw securityErrors.invalidToken();
  const token = randomToken();
  await context.db
    .insert(biometricTokens)
    .values({ userId, deviceId: input.deviceId, tokenHash: sha256(token), createdAt: now })
    .onConflictDoUpdate({
      target: [biometricTokens.userId, biometricTokens.deviceId],
      set: { tokenHash: sha256(token), createdAt: now },
    });
  return { token };
}

/** verify-biometric: the device's token → a confirmation token for the transaction type and hash. */
export async function biometricToken(
  context: SecurityContext,
  userId: number,
  input: {
    readonly deviceId: string;
    readonly token: string;
    readonly transactionType: TransactionType;
    readonly hash: string;
  },
): Promise<{ token: string }> {
  const [row] = await context.db
    .select({ tokenHash: biometricTokens.tokenHash })
    .from(biometricTokens)
    .where(and(eq(biometricTokens.userId, userId), eq(biometricTokens.deviceId, input.deviceId)));
  if (row === undefined || !sameSecret(row.tokenHash, sha256(input.token))) throw securityErrors.biometricNotFound();
  const token = await issueToken(
    context.db,
    { userId, kind: 'confirmation', transactionType: input.transactionType, operationHash: input.hash },
    context.now(),
  );
  return { token };
}

export async function removeBiometric(db: Database, userId: number, deviceId: string): Promise<{ result: boolean }> {
  await db
    .delete(biometricTokens)
    .where(and(eq(biometricTokens.userId, userId), eq(biometricTokens.deviceId, deviceId)));
  return { result: true };
}

/** A passcode reset revokes every device's biometric token. */
export async function revokeAllBiometrics(db: Database, userId: number): Promise<void> {
  await db.delete(biometricTokens).where(eq(biometricTokens.userId, userId));
}

export async function hasBiometric(db: Database, userId: number, deviceId?: string): Promise<boolean> {
  const [row] = await db
    .select({ deviceId: biometricTokens.deviceId })
    .from(biometricTokens)
    .where(
      deviceId === undefined
        ? eq(biometricTokens.userId, userId)
        : and(eq(biometricTokens.userId, userId), eq(biometricTokens.deviceId, deviceId)),
    )
    .limit(1);
  return row !== undefined;
}
