import * as z from 'zod/mini';

/**
 * The `{ result }` answer of calls that only say whether they did it. A module of its own: the
 * address-book contract, which the withdraw screen needs before it paints, takes only this from
 * the security contract, and a module goes into one chunk whole (docs/performance.md).
 */
export const resultAnswer = z.object({ result: z.boolean() });
