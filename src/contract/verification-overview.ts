import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { verificationLevel } from './verification-level';

/**
 * `GET /verification` in a module of its own: the withdraw screen's gate needs it before it paints
 * (with the `show_withdraw_basic_verification` flag), the rest of the verification contract only
 * the verification screens, and a module goes into one chunk whole (docs/performance.md).
 */

export const sectionStatuses = ['action_required', 'completed', 'blocked'] as const;
export const sectionStatus = z.enum(sectionStatuses);
export type SectionStatus = z.infer<typeof sectionStatus>;

/** `GET /verification`: every level's status and the two facts the P2P market asks (spec 001). */
export const verificationOverview = z.object({
  levels: z.array(z.object({ level: verificationLevel, status: sectionStatus })),
  passport: z.object({ completed: z.boolean() }),
  address: z.object({ completed: z.boolean() }),
  /** The verified phone number, masked but for the last four digits, or null. */
  phone: z.nullable(z.string()),
});
export type VerificationOverview = z.infer<typeof verificationOverview>;

export const getVerificationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/verification',
  response: verificationOverview,
  errors: [401],
  auth: true,
});
