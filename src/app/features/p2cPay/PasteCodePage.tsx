import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type P2cQrLinkProblem, parseP2cQrLink } from '../../../contract/p2c-qr-link.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';

/**
 * `/qr-pay?step=paste` (docs/p2c.md "Scanning and pasting"): the web has no scanner, so a shop's
 * payment link is pasted (`https://qr.nspk.ru/…` or the platiqr form); Continue opens its quote. A
 * text that is no such link says so and opens nothing.
 */
export function PasteCodePage({ onCode }: { onCode: (id: string) => void }) {
  const { t } = useLingui();
  const leave = useBack({ to: '/' });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<P2cQrLinkProblem | null>(null);
  const submit = () => {
    const parsed = parseP2cQrLink(text);
    if (parsed.ok) onCode(parsed.link.id);
    else setProblem(parsed.problem);
  };
  useScreenActions({
    main: { label: t`Continue`, onPress: submit, disabled: text.trim() === '' },
    back: leave,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Pay by QR code</Trans>}
        subtitle={
          <Trans>
            Paste the link of a shop’s payment QR code. You’ll see the amount and the price in crypto before paying.
          </Trans>
        }
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={<Trans>Payment link</Trans>}
          value={text}
          mono
          autoComplete="off"
          spellCheck={false}
          placeholder="https://qr.nspk.ru/…"
          onChange={(value) => {
            setText(value);
            setProblem(null);
          }}
          error={problem === null ? undefined : <ProblemText problem={problem} />}
        />
      </form>
    </Page>
  );
}

function ProblemText({ problem }: { problem: P2cQrLinkProblem }) {
  switch (problem) {
    case 'checksum_mismatch':
      return <Trans>The link is damaged or incomplete. Copy it again.</Trans>;
    case 'unsupported_currency':
      return <Trans>Only codes in roubles can be paid.</Trans>;
    default:
      return <Trans>This isn’t a shop’s payment QR link.</Trans>;
  }
}
