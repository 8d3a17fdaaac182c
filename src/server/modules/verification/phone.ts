import type { VerificationStep } from '../../../contract/verification';
import type { Database } from '../../db/database';
import { verifiedPhones } from '../../db/schema/verification';
import { verifyContact } from '../../integrations/telegram/contact';
import type { TelegramSettings } from '../../integrations/telegram/settings';
import { inTransaction } from '../../ledger/ledger';
import { verificationErrors } from './errors';
import { normalizePhone } from './phone-number';
import { assertStepAvailable, writeStep } from './step-records';

/** Where the messenger vouched for the number: the mini app's requestContact, or the bot's chat. */
export type PhoneSource = 'mini_app' | 'bot';

/**
 * PHONE_NUMBER: records the number Telegram vouched for as the person's own and completes the
 * step. The one way in for both sources: `POST /verification/phone` after checking the mini
 * app's signed contact, and the bot's handler of a contact message (in production, the bot's
 * webhook with a contact whose user_id is the sender's; in local mode the stand-in page). The
 * caller has already made sure the contact is the person's own. 409 when the step is done already.
 */
export async function recordVerifiedPhone(
  db: Database,
  userId: number,
  phoneNumber: string,
  source: PhoneSource,
  now: Date,
): Promise<VerificationStep> {
  const phone = normalizePhone(phoneNumber);
  if (phone === null) throw verificationErrors.contactInvalid();
  return inTransaction(db, async (tx) => {
    const state = await assertStepAvailable(tx, userId, 'PHONE_NUMBER');
    await tx
      .insert(verifiedPhones)
      .values({ userId, phoneNumber: phone, source, verifiedAt: now })
      .onConflictDoUpdate({ target: verifiedPhones.userId, set: { phoneNumber: phone, source, verifiedAt: now } });
    return writeStep(tx, state, userId, 'PHONE_NUMBER', { status: 'completed', result: 'OK', reason: null }, now);
  });
}

/**
 * `POST /verification/phone`: the mini app's requestContact answer, checked with our bot token
 * exactly like init data (forged, another bot's or stale: 403 contact_invalid), and it must be
 * the signed-in person's own contact (someone else's: 403 contact_invalid).
 */
export async function submitPhoneContact(
  db: Database,
  telegram: TelegramSettings,
  userId: number,
  response: string,
  now: Date,
): Promise<VerificationStep> {
  const verified = verifyContact(response, telegram.botToken, now, telegram.initDataMaxAgeSeconds);
  if (!verified.ok || verified.value.userId !== userId) throw verificationErrors.contactInvalid();
  return recordVerifiedPhone(db, userId, verified.value.phoneNumber, 'mini_app', now);
}
