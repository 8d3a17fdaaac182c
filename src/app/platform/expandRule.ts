/**
 * The expand rule of spec 000 s.2 (Deep links), as the mini-app platform loads it with its Telegram
 * session (`import()`): its one implementation is machines/deepLink/expandRule.ts, which the
 * start-parameter grammar also uses; a module of its own so that the build gives the platform a
 * chunk of its own to load, without the grammar's tables.
 */
export { shouldExpand } from '../../../machines/deepLink/expandRule.ts';
