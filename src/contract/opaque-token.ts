import * as z from 'zod/mini';

/**
 * An opaque single-use token (confirmation, mail confirmation, biometric). A module of its own:
 * the wallet contract, which every first screen reaches through the sign-in answer, needs only
 * this from the security contract, and a module goes into one chunk whole (docs/performance.md).
 */
export const opaqueToken = z.string().check(z.minLength(16), z.maxLength(256));
