/**
 * Fills a network's explorer template (spec 000 s.3: placeholders %explorer_url%, %address% and
 * %txid%). Null when the network has no template or the value to put in is missing.
 */
export function explorerLink(
  template: string | null | undefined,
  values: { readonly explorerUrl: string; readonly address?: string | null; readonly txid?: string | null },
): string | null {
  if (template === null || template === undefined || template === '') return null;
  if (template.includes('%address%') && !values.address) return null;
  if (template.includes('%txid%') && !values.txid) return null;
  return template
    .replaceAll('%explorer_url%', values.explorerUrl.replace(/\/$/, ''))
    .replaceAll('%address%', encodeURIComponent(values.address ?? ''))
    .replaceAll('%txid%', encodeURIComponent(values.txid ?? ''));
}
