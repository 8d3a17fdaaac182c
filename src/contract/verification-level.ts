import * as z from 'zod/mini';

/**
 * The verification levels (spec 000 s.4), in a module of their own: routes validate a level in
 * their params and search, and route definitions load with every screen, so they must not bring
 * the rest of the verification contract with them.
 */
export const verificationLevels = ['basic', 'withdraw', 'p2c-client', 'p2p-merchant', 'p2c-merchant', 'full'] as const;
/** A level is a set of steps; the route `/account/verification/{flow}` names one. */
export const verificationLevel = z.enum(verificationLevels);
export type VerificationLevel = z.infer<typeof verificationLevel>;
