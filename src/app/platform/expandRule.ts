/**
 * The expand rule of spec 000 s.2 (Deep links): the mini app expands to full height except on
 * invoice, help and add-home paths. It has one implementation, beside the start-parameter grammar
 * whose `expand` flag it also decides (machines/deepLink/resolveStartParam.ts). The mini-app
 * platform loads this module with its Telegram session (`import()`), so the grammar's tables never
 * weigh on the web wallet's first screen.
 */
export { compactSections, shouldExpand } from '../../../machines/deepLink/resolveStartParam.ts';
