import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import './wallet.css';

/**
 * A long value (an address, a transaction id) shown short; a tap copies the whole of it and
 * shows it in full, wrapped, so it can be read and compared character by character.
 */
export function CopyableText({ value, short, copyLabel }: { value: string; short: string; copyLabel: string }) {
  const { copied, copy } = useCopyFeedback();
  const [expanded, setExpanded] = useState(false);
  return (
    // The name is what it does and what it shows ("Copy address UQCD39V…qEBI Copy"): an aria-label
    // alone would hide the visible text from people who speak it to a voice control.
    <button
      type="button"
      className="wallet-copyable"
      onClick={() => {
        setExpanded(true);
        void copy(value);
      }}
    >
      <span className="visually-hidden">{copyLabel}</span>{' '}
      <span className={expanded ? 'wallet-copyable-text wallet-copyable-text--full' : 'wallet-copyable-text'}>
        {expanded ? value : short}
      </span>{' '}
      <span className="wallet-copyable-hint" aria-live="polite">
        {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </span>
    </button>
  );
}
