import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { amountInputText, parseAmountInput } from '../../lib/amountInput.ts';
import { amountInputMessage } from '../../lib/amountInputMessages.ts';
import { TextField } from '../../ui/TextField.tsx';

/** Fiat amounts have 2 decimals (spec 001 s.9 "Fiat precision"). */
const fiatDecimals = 2;

/**
 * "I want to trade this much": an amount in fiat the offers' limits must allow. Applied when the
 * field is left or Enter is pressed (not per keystroke: each change is a request), cleared by
 * emptying it; a mistake is said under the field and changes nothing.
 */
export function AmountFilter({
  fiat,
  amount,
  onChange,
}: {
  fiat: string;
  amount: string | undefined;
  onChange: (amount: string | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(amount ?? '');
  const [mistake, setMistake] = useState<string | null>(null);
  const apply = () => {
    const parsed = parseAmountInput(text, fiatDecimals);
    if (parsed.ok) {
      setMistake(null);
      const next = amountInputText(parsed.smallest, fiatDecimals);
      if (next !== amount) onChange(next);
    } else if (parsed.problem === 'empty' || parsed.problem === 'zero') {
      setMistake(null);
      if (amount !== undefined) onChange(undefined);
    } else {
      setMistake(i18n._(amountInputMessage(parsed.problem, fiat, fiatDecimals)));
    }
  };
  return (
    <form
      className="p2p-amount-filter"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <TextField
        label={t`Amount, ${fiat}`}
        value={text}
        onChange={setText}
        onBlur={apply}
        inputMode="decimal"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t`Any amount`}
        error={mistake ?? undefined}
      />
    </form>
  );
}
