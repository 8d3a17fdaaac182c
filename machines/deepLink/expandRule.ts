/**
 * The expand rule of spec 000 s.2 (Deep links): the mini app expands to full height except on
 * invoice, help and add-home paths. The start-parameter grammar (resolveStartParam.ts) decides its
 * `expand` flag with it, and the mini app applies it on every navigation; kept apart from the
 * grammar so that the mini app's first screen does not load the grammar's tables to expand.
 */

/** First path segments on which the mini app keeps its opening height (spec 000 s.2). */
export const compactSections: readonly string[] = ['invoices', 'help', 'add-home'];

/** Spec 000 s.2: not expanded on invoice, help and add-home paths; expanded everywhere else. */
export function shouldExpand(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const first = pathname.split('/').find((segment) => segment !== '') ?? '';
  return !compactSections.includes(first);
}
