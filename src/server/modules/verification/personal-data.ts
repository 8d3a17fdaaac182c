import { eq } from 'drizzle-orm';
import type { PersonalData, VerificationResult, VerificationStep } from '../../../contract/verification';
import type { Database } from '../../db/database';
import { personalDataRecords } from '../../db/schema/verification';
import { validationFailed } from '../../http/api-error';
import { inTransaction } from '../../ledger/ledger';
import { countryCodes } from './countries';
import { verificationErrors } from './errors';
import { assertStepAvailable, writeStep } from './step-records';

export const adultAge = 18;
/** A date of birth before this is a typo, not a person. */
const earliestBirthDate = '1900-01-01';

/** Full years from the date of birth (YYYY-MM-DD) to the UTC date of `now`; a 29 February birthday comes on 1 March. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year = 0, month = 0, day = 0] = dateOfBirth.split('-').map(Number);
  const years = now.getUTCFullYear() - year;
  const monthNow = now.getUTCMonth() + 1;
  const birthdayPassed = monthNow > month || (monthNow === month && now.getUTCDate() >= day);
  return birthdayPassed ? years : years - 1;
}

function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function invalidField(field: keyof PersonalData, message: string) {
  return validationFailed({ location: 'body', issues: [{ path: [field], code: 'invalid_value', message }] });
}

export interface PersonalDataRules {
  /** ISO codes of the countries where verification is refused (RESTRICTED_COUNTRIES). */
  readonly restrictedCountries: ReadonlySet<string>;
}

/** UNDER_18 before the 18th birthday (by the server's UTC date), RESTRICTED_REGION, else OK. */
export function personalDataResult(data: PersonalData, rules: PersonalDataRules, now: Date): VerificationResult {
  if (ageOn(data.date_of_birth, now) < adultAge) return 'UNDER_18';
  if (rules.restrictedCountries.has(data.country)) return 'RESTRICTED_REGION';
  return 'OK';
}

/**
 * `POST /verification/personal-data` (BASIC, after PHONE_NUMBER): keeps the form (to prefill it
 * next time, whatever the result) and settles the step at once: completed with OK, or rejected
 * with UNDER_18 or RESTRICTED_REGION, answered 422 personal_data_refused { result } once stored.
 * A date of birth in the future or before 1900, or a country that is not an ISO code, is a 400.
 */
export async function submitPersonalData(
  db: Database,
  userId: number,
  data: PersonalData,
  rules: PersonalDataRules,
  now: Date,
): Promise<VerificationStep> {
  if (data.date_of_birth > todayOf(now) || data.date_of_birth < earliestBirthDate) {
    throw invalidField('date_of_birth', 'The date of birth must be a past date after 1900');
  }
  if (!countryCodes.has(data.country)) throw invalidField('country', 'Not an ISO 3166-1 country code');
  const result = personalDataResult(data, rules, now);
  const step = await inTransaction(db, async (tx) => {
    const state = await assertStepAvailable(tx, userId, 'BASIC');
    const row = {
      firstName: data.first_name,
      lastName: data.last_name,
      middleName: data.middle_name === undefined || data.middle_name === '' ? null : data.middle_name,
      dateOfBirth: data.date_of_birth,
      country: data.country,
      city: data.city,
      address: data.address,
      postalCode: data.postal_code === undefined || data.postal_code === '' ? null : data.postal_code,
      result,
      submittedAt: now,
    };
    await tx
      .insert(personalDataRecords)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: personalDataRecords.userId, set: row });
    const status = result === 'OK' ? 'completed' : 'rejected';
    return writeStep(tx, state, userId, 'BASIC', { status, result, reason: null }, now);
  });
  if (result === 'UNDER_18' || result === 'RESTRICTED_REGION') throw verificationErrors.personalDataRefused(result);
  return step;
}

/** `GET /verification/personal-data`: the last submitted form and its result, to prefill. */
export async function getPersonalData(
  db: Database,
  userId: number,
): Promise<{ data: PersonalData | null; result: VerificationResult | null }> {
  const [row] = await db.select().from(personalDataRecords).where(eq(personalDataRecords.userId, userId));
  if (row === undefined) return { data: null, result: null };
  return {
    data: {
      first_name: row.firstName,
      last_name: row.lastName,
      ...(row.middleName === null ? {} : { middle_name: row.middleName }),
      date_of_birth: row.dateOfBirth,
      country: row.country,
      city: row.city,
      address: row.address,
      ...(row.postalCode === null ? {} : { postal_code: row.postalCode }),
    },
    result: row.result,
  };
}
