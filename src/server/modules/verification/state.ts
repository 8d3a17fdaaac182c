import { eq } from 'drizzle-orm';
import type {
  SectionStatus,
  VerificationFlow,
  VerificationOverview,
  VerificationStepType,
} from '../../../contract/verification';
import { type VerificationLevel, verificationLevels } from '../../../contract/verification-level';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema/users';
import { verificationSteps, verifiedPhones } from '../../db/schema/verification';
import { unauthorized } from '../../http/api-error';
import { flowOf, type PersonState, type StepRecord, stepView } from './levels';
import { maskPhone } from './phone-number';

/**
 * Where a person stands in verification, for this module and the others (P2P: passport and
 * address; withdrawals: the withdraw level). Every answer is computed from the step records.
 */

export async function personStateOf(db: Database, userId: number): Promise<PersonState> {
  const [settings] = await db
    .select({ banned: userSettings.complianceBan })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // A live session whose user has no settings row means the account was removed under it.
  if (settings === undefined) throw unauthorized();
  const rows = await db.select().from(verificationSteps).where(eq(verificationSteps.userId, userId));
  const records = new Map<VerificationStepType, StepRecord>(rows.map((row) => [row.type, row]));
  return { records, banned: settings.banned };
}

export async function verificationFlowOf(
  db: Database,
  userId: number,
  section: VerificationLevel,
): Promise<VerificationFlow> {
  return flowOf(await personStateOf(db, userId), section);
}

/** Every level's status. */
export async function verificationLevelsOf(
  db: Database,
  userId: number,
): Promise<ReadonlyMap<VerificationLevel, SectionStatus>> {
  const state = await personStateOf(db, userId);
  return new Map(verificationLevels.map((level) => [level, flowOf(state, level).status]));
}

/** Whether every step of the level is completed. */
export async function hasLevel(db: Database, userId: number, level: VerificationLevel): Promise<boolean> {
  return (await verificationFlowOf(db, userId, level)).status === 'completed';
}

/** Spec 001 "Verification status": passport = SUMSUB_BASIC completed, address = SUMSUB_ADDRESS completed. */
export interface IdentityChecks {
  readonly passport: boolean;
  readonly address: boolean;
}

export async function identityChecksOf(db: Database, userId: number): Promise<IdentityChecks> {
  const state = await personStateOf(db, userId);
  return {
    passport: stepView(state, 'SUMSUB_BASIC').status === 'completed',
    address: stepView(state, 'SUMSUB_ADDRESS').status === 'completed',
  };
}

/** `GET /verification`. */
export async function verificationOverviewOf(db: Database, userId: number): Promise<VerificationOverview> {
  const state = await personStateOf(db, userId);
  const [phone] = await db
    .select({ phoneNumber: verifiedPhones.phoneNumber })
    .from(verifiedPhones)
    .where(eq(verifiedPhones.userId, userId));
  return {
    levels: verificationLevels.map((level) => ({ level, status: flowOf(state, level).status })),
    passport: { completed: stepView(state, 'SUMSUB_BASIC').status === 'completed' },
    address: { completed: stepView(state, 'SUMSUB_ADDRESS').status === 'completed' },
    phone: phone === undefined ? null : maskPhone(phone.phoneNumber),
  };
}
