/** Spec 000 s.9: addresses show their first 7 and last 5 characters. */
const headLength = 7;
const tailLength = 5;
const ellipsis = '…';

/**
 * "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" → "TQn9Y2k…cbLSE". A .ton name is a name, not a hash, so
 * it stays whole; so does anything too short for shortening to save characters.
 */
export function shortenAddress(address: string): string {
  if (address.toLowerCase().endsWith('.ton')) return address;
  const characters = Array.from(address);
  if (characters.length <= headLength + tailLength + 1) return address;
  return `${characters.slice(0, headLength).join('')}${ellipsis}${characters.slice(-tailLength).join('')}`;
}
