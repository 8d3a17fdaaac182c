import { type AmountInputProblem, parseAmountInput } from '../amountInput.ts';

/**
 * The margin of a floating price, the one way both the create flow and the price edit ask for it
 * (spec 001 s.3: "the margin shown is the ratio minus 100"): the person types "+1.5", "−2" or "0",
 * the contract takes the ratio 100 + margin ("101.5"). Hundredths of a percent, never floats.
 */

/** A margin the parser cannot read: the shared amount parser's problems but 'zero' (0 is a margin). */
export type MarginProblem = Exclude<AmountInputProblem, 'zero'>;

const percentDecimals = 2;

/** "+1.5" → 150n, "−2" → -200n, "-0,5" → -50n, "0" → 0n; or why it is not a margin. */
export function parseMargin(text: string): { ok: true; hundredths: bigint } | { ok: false; problem: MarginProblem } {
  const compact = text.replace(/\s/g, '');
  const negative = /^[-−]/.test(compact);
  const parsed = parseAmountInput(compact.replace(/^[-−+]/, ''), percentDecimals);
  if (!parsed.ok)
    return parsed.problem === 'zero' ? { ok: true, hundredths: 0n } : { ok: false, problem: parsed.problem };
  const size = BigInt(parsed.smallest);
  return { ok: true, hundredths: negative ? -size : size };
}

/** Hundredths of a percent as a canonical decimal string: 10150n → "101.5", -200n → "-2". */
function percentText(hundredths: bigint): string {
  const size = hundredths < 0n ? -hundredths : hundredths;
  const fraction = (size % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  const digits = fraction === '' ? `${size / 100n}` : `${size / 100n}.${fraction}`;
  return hundredths < 0n ? `-${digits}` : digits;
}

/** The ratio a margin gives, in hundredths of a percent: 150n → 10150n. */
export function ratioHundredthsOf(marginHundredths: bigint): bigint {
  return 10_000n + marginHundredths;
}

/** The contract's ratio for a margin: 150n → "101.5", -200n → "98". */
export function ratioTextOf(marginHundredths: bigint): string {
  return percentText(ratioHundredthsOf(marginHundredths));
}

/** A stored ratio as the margin field's text: "101.5" → "1.5", "98" → "-2", "100" → "0". */
export function marginTextOf(ratio: string): string {
  const parsed = parseAmountInput(ratio, percentDecimals);
  const ratioHundredths = parsed.ok ? BigInt(parsed.smallest) : 0n;
  return percentText(ratioHundredths - 10_000n);
}
