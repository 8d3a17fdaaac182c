/**
 * A phone number as stored: `+` and 7 to 15 digits (E.164), from what Telegram or a person wrote
 * (spaces, dashes, dots and brackets dropped, the `+` optional); null when it is not one.
 */
export function normalizePhone(text: string): string | null {
  const compact = text.replace(/[\s\-().]/g, '');
  const digits = /^\+?([1-9][0-9]{6,14})$/.exec(compact)?.[1];
  return digits === undefined ? null : `+${digits}`;
}

/** The number as shown back to the person: every digit but the last four hidden (`+•••••••4567`). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  return `+${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
