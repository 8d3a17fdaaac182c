import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import { maxSendable } from '../../../../machines/withdraw/amountRules.ts';
import type { withdrawMachine } from '../../../../machines/withdraw.machine.ts';
import type { CryptoAsset } from '../../../contract/wallet.ts';
import { shortenAddress } from '../../lib/address.ts';
import { formatAssetAmount } from '../../lib/money.ts';
import { BackButton, BackLink } from '../../ui/BackLink.tsx';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PasscodeConfirmView } from '../../ui/passcodeConfirm/PasscodeConfirmView.tsx';
import { Section } from '../../ui/Section.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TestNetworkNotice } from '../../ui/TestNetworkNotice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AddressField } from './AddressField.tsx';
import type { WithdrawActor } from './withdraw.ts';
import type { WithdrawNetwork } from './withdrawChoices.ts';
import { addressErrorMessage, amountErrorMessage, submitErrorMessage } from './withdrawMessages.ts';
import './withdraw.css';

type Snapshot = SnapshotFrom<typeof withdrawMachine>;

export interface WithdrawFlowProps {
  actor: WithdrawActor;
  asset: CryptoAsset;
  network: WithdrawNetwork;
  /** The asset has other networks: the first step's back goes to the network choice, else to the assets. */
  networkChoice: boolean;
  /** One step back: through the history when the previous step's entry is there (src/app/lib/flowUrl.ts). */
  onBack: () => void;
}

/**
 * `/wallet/withdraw/{asset}/{network}`, rendered from the withdraw machine's snapshot only, one
 * screen per step (its tag): `address` (the field, paste, address book, QR; "Checking…" while
 * `busy`), `amount` (the field with "Max", what is available, the fee and the limits, the error
 * under the field), `review` (amount, fee, total, network, address; "Confirm"), `passcode` (the
 * passcode confirmation of the child `passcode`), `busy` (sending), `failed` (try again: the same
 * key), `refused`, and `done`: the status page of the new withdrawal replaces this one.
 */
export function WithdrawFlowView(props: WithdrawFlowProps) {
  const snapshot = useSelector(props.actor, (current: Snapshot) => current);
  if (snapshot.hasTag('address')) return <AddressScreen {...props} snapshot={snapshot} />;
  if (snapshot.hasTag('amount')) return <AmountScreen {...props} snapshot={snapshot} />;
  if (snapshot.hasTag('review')) return <ReviewScreen {...props} snapshot={snapshot} />;
  if (snapshot.hasTag('passcode')) return <PasscodeScreen {...props} snapshot={snapshot} />;
  if (snapshot.hasTag('failed') || snapshot.hasTag('refused')) return <FailureScreen {...props} snapshot={snapshot} />;
  if (snapshot.hasTag('done')) return <Finished withdrawalId={snapshot.context.withdrawalId ?? ''} />;
  return <Sending />;
}

type ScreenProps = WithdrawFlowProps & { snapshot: Snapshot };

/** "‹ Back" to the previous step. */
function BackStep({ onBack }: { onBack: () => void }) {
  return (
    <BackButton onClick={onBack}>
      <Trans>Back</Trans>
    </BackButton>
  );
}

/** The screen's one action at the bottom; Enter in a field does the same. */
function StepForm({
  children,
  action,
}: {
  children: ReactNode;
  action: { label: ReactNode; disabled: boolean; run: () => void };
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action.disabled) action.run();
  };
  return (
    <form className="withdraw-form" onSubmit={submit} noValidate>
      <div className="withdraw-form-body">{children}</div>
      <Button type="submit" stretched disabled={action.disabled}>
        {action.label}
      </Button>
    </form>
  );
}

function AddressScreen({ actor, asset, network, networkChoice, snapshot, onBack }: ScreenProps) {
  const { i18n } = useLingui();
  const { address, addressError } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const code = asset.code;
  const protocol = network.protocol;
  return (
    <Page>
      {busy ? (
        <BackStep onBack={onBack} />
      ) : networkChoice ? (
        <BackLink to="/wallet/withdraw/$asset" params={{ asset: code }}>
          <Trans>Networks</Trans>
        </BackLink>
      ) : (
        <BackLink to="/wallet/withdraw">
          <Trans>Withdraw</Trans>
        </BackLink>
      )}
      <PageTitle
        title={<Trans>Send {code}</Trans>}
        subtitle={<Trans>Only to a {protocol} address: sent on another network, the money is lost.</Trans>}
      />
      <StepForm
        action={{
          label: busy ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>,
          disabled: busy || address.trim() === '',
          run: () => actor.send({ type: 'address.submit' }),
        }}
      >
        <TestNetworkNotice action="withdraw" asset={code} />
        <AddressField
          actor={actor}
          network={network.network}
          address={address}
          error={addressError === null ? undefined : i18n._(addressErrorMessage(addressError, code))}
          busy={busy}
        />
      </StepForm>
    </Page>
  );
}

/** Limits as the flow knows them now (the server may have sent newer ones). */
function useAmountTexts(asset: CryptoAsset, snapshot: Snapshot) {
  const { context } = snapshot;
  const format = (smallest: string) => formatAssetAmount(smallest, asset, { full: true });
  return {
    available: format(context.available),
    fee: format(context.fee),
    minimum: format(context.min),
    maximum: context.max === '0' ? null : format(context.max),
    sendable: format(maxSendable(context)),
  };
}

function AmountScreen({ actor, asset, snapshot, onBack }: ScreenProps) {
  const { i18n } = useLingui();
  const { amountText, amountError, amount, address, decimals } = snapshot.context;
  const texts = useAmountTexts(asset, snapshot);
  const code = asset.code;
  const short = shortenAddress(address);
  const message =
    amountError === null
      ? null
      : amountErrorMessage(amountError, {
          asset: code,
          decimals,
          minimum: texts.minimum,
          maximum: texts.maximum ?? '',
          sendable: texts.sendable,
          fee: texts.fee,
        });
  const { available, fee, minimum, maximum } = texts;
  return (
    <Page>
      <BackStep onBack={onBack} />
      <PageTitle title={<Trans>Amount</Trans>} subtitle={<Trans>To {short}</Trans>} />
      <StepForm
        action={{
          label: <Trans>Continue</Trans>,
          disabled: amount === null || amountError !== null,
          run: () => actor.send({ type: 'amount.submit' }),
        }}
      >
        <div className="withdraw-amount-field">
          <TextField
            label={<Trans>Amount, {code}</Trans>}
            value={amountText}
            onChange={(text) => actor.send({ type: 'amount.change', text })}
            error={message === null ? undefined : i18n._(message)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
          />
          <Button variant="plain" onClick={() => actor.send({ type: 'amount.max' })}>
            <Trans>Max</Trans>
          </Button>
        </div>
        <Section>
          <Cell title={<Trans>Available</Trans>} value={available} />
          <Cell title={<Trans>Network fee</Trans>} value={fee} />
          <Cell title={<Trans>Minimum</Trans>} value={minimum} />
          <Cell title={<Trans>Maximum</Trans>} value={maximum ?? <Trans>No limit</Trans>} />
        </Section>
      </StepForm>
    </Page>
  );
}

function ReviewScreen({ actor, asset, network, snapshot, onBack }: ScreenProps) {
  const { amount, fee, address } = snapshot.context;
  const sent = amount ?? '0';
  const format = (smallest: string) => formatAssetAmount(smallest, asset, { full: true });
  const total = (BigInt(sent) + BigInt(fee)).toString();
  return (
    <Page>
      <BackStep onBack={onBack} />
      <PageTitle title={<Trans>Check the withdrawal</Trans>} subtitle={<Trans>Sent money can’t be returned.</Trans>} />
      <StepForm
        action={{ label: <Trans>Confirm</Trans>, disabled: false, run: () => actor.send({ type: 'confirm.accept' }) }}
      >
        <Section>
          <Cell title={<Trans>Amount</Trans>} value={format(sent)} />
          <Cell title={<Trans>Network fee</Trans>} value={format(fee)} />
          <Cell title={<Trans>Total</Trans>} value={format(total)} />
          <Cell title={<Trans>Network</Trans>} value={network.name} />
        </Section>
        <Section header={<Trans>Address</Trans>}>
          <p className="withdraw-address">{address}</p>
        </Section>
        <TestNetworkNotice action="withdraw" asset={asset.code} />
      </StepForm>
    </Page>
  );
}

function PasscodeScreen({ asset, snapshot, onBack }: ScreenProps) {
  const { i18n } = useLingui();
  const child = snapshot.children.passcode;
  const { amount, submitError } = snapshot.context;
  const formatted = formatAssetAmount(amount ?? '0', asset, { full: true });
  if (child === undefined) return <Sending />;
  return (
    <PasscodeConfirmView
      actor={child}
      header={<BackStep onBack={onBack} />}
      title={<Trans>Confirm the withdrawal</Trans>}
      subtitle={
        submitError === 'invalid_token' ? (
          i18n._(submitErrorMessage(submitError, asset.code))
        ) : (
          <Trans>Enter your passcode to send {formatted}.</Trans>
        )
      }
    />
  );
}

function FailureScreen({ actor, asset, snapshot, onBack }: ScreenProps) {
  const { i18n } = useLingui();
  const error = snapshot.context.submitError ?? 'failed';
  const failed = snapshot.hasTag('failed');
  return (
    <Page centered>
      <PageTitle
        title={failed ? <Trans>Couldn’t send the withdrawal</Trans> : <Trans>Withdrawal not available</Trans>}
        subtitle={i18n._(submitErrorMessage(error, asset.code))}
      />
      {failed ? (
        <Button stretched onClick={() => actor.send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
      <Button variant="plain" stretched onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
    </Page>
  );
}

function Sending() {
  const { t } = useLingui();
  return (
    <Page centered>
      <Spinner label={t`Sending`} />
      <p className="withdraw-hint" role="status">
        <Trans>Sending the withdrawal…</Trans>
      </p>
    </Page>
  );
}

/** The withdrawal exists: the balance and history are refreshed and its status page takes over. */
function Finished({ withdrawalId }: { withdrawalId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    void navigate({ to: '/transactions/$kind/$id', params: { kind: 'withdrawal', id: withdrawalId }, replace: true });
  }, [navigate, queryClient, withdrawalId]);
  return <Sending />;
}
