import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { maxSendable } from '../../../../machines/withdraw/amountRules.ts';
import type { SecurityInfo } from '../../../contract/security-info.ts';
import type { CryptoAsset } from '../../../contract/wallet.ts';
import { securityQueryOptions } from '../../api/securityQueries.ts';
import { shortenAddress } from '../../lib/address.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { formatAssetAmount } from '../../lib/money.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { loadPasscodeCalls, providePasscodeConfirm } from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { confirmInput, storageOrNull, useBiometricsAvailable } from '../../ui/passcodeConfirm/passcodeDevice.ts';
import { Section } from '../../ui/Section.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { amountErrorMessage, submitErrorMessage } from './withdrawLaterMessages.ts';
import { type ScreenProps, type Snapshot, StepForm, WithdrawTestNetwork } from './withdrawStepParts.tsx';

// The passcode step is the last one: its view and calls load while the review shows, not with the form.
const loadPasscodeView = () => import('../../ui/passcodeConfirm/PasscodeConfirmView.tsx');
const PasscodeConfirmView = lazy(() =>
  loadPasscodeView().then(({ PasscodeConfirmView }) => ({ default: PasscodeConfirmView })),
);

/**
 * The withdraw flow's steps after the address (WithdrawFlowView.tsx says what each shows), loaded
 * once the address is submitted: the address step paints without them.
 */
export function LaterStep(props: ScreenProps) {
  const { snapshot } = props;
  if (snapshot.hasTag('amount')) return <AmountScreen {...props} />;
  if (snapshot.hasTag('review')) return <ReviewScreen {...props} />;
  if (snapshot.hasTag('passcode')) return <PasscodeScreen {...props} />;
  if (snapshot.hasTag('failed') || snapshot.hasTag('refused')) return <FailureScreen {...props} />;
  if (snapshot.hasTag('done'))
    return <Finished withdrawalId={snapshot.context.withdrawalId ?? ''} leaveFlow={props.leaveFlow} />;
  return <Sending />;
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
  const { i18n, t } = useLingui();
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
  useScreenActions({
    main: { label: t`Continue`, submits: 'withdraw-amount', disabled: amount === null || amountError !== null },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle title={<Trans>Amount</Trans>} subtitle={<Trans>To {short}</Trans>} />
      <StepForm id="withdraw-amount" onSubmit={() => actor.send({ type: 'amount.submit' })}>
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
  useEffect(() => {
    void loadPasscodeView();
    void loadPasscodeCalls();
  }, []);
  // Asked while the review shows (the messenger takes up to a second), so the passcode step has them.
  usePasscodeFacts();
  const { t } = useLingui();
  const { amount, fee, address } = snapshot.context;
  const sent = amount ?? '0';
  const format = (smallest: string) => formatAssetAmount(smallest, asset, { full: true });
  const total = (BigInt(sent) + BigInt(fee)).toString();
  useScreenActions({
    main: { label: t`Confirm`, onPress: () => actor.send({ type: 'confirm.accept' }) },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle title={<Trans>Check the withdrawal</Trans>} subtitle={<Trans>Sent money can’t be returned.</Trans>} />
      <div className="withdraw-form">
        <Section>
          <Cell title={<Trans>Amount</Trans>} value={format(sent)} />
          <Cell title={<Trans>Network fee</Trans>} value={format(fee)} />
          <Cell title={<Trans>Total</Trans>} value={format(total)} />
          <Cell title={<Trans>Network</Trans>} value={network.name} />
        </Section>
        <Section header={<Trans>Address</Trans>}>
          <p className="withdraw-address">{address}</p>
        </Section>
        <WithdrawTestNetwork asset={asset.code} />
      </div>
    </Page>
  );
}

/**
 * The passcode step: this screen runs the confirmation (the passcodeConfirm machine, so it loads
 * with the later steps, not with the withdraw screen) for the key the review made, and hands its
 * token to the flow. Each visit of the step is a new confirmation (a refused token comes back here).
 * The device's facts are gathered here too (asked while the review showed): whether biometrics
 * are available, and from the security answer the page already has, this device's `biometric`
 * flag and a running lockout.
 */
function PasscodeScreen(props: ScreenProps) {
  const facts = usePasscodeFacts();
  if (facts === null) return <Loading />;
  return <PasscodeConfirmation {...props} {...facts} />;
}

/** This device's security answer and whether its biometrics are available; null until both are known. */
function usePasscodeFacts(): { info: SecurityInfo; biometricsAvailable: boolean } | null {
  const security = useQuery(securityQueryOptions(deviceId()));
  const biometricsAvailable = useBiometricsAvailable(usePlatform());
  if (security.data === undefined || biometricsAvailable === null) return null;
  return { info: security.data, biometricsAvailable };
}

function PasscodeConfirmation({
  actor,
  asset,
  snapshot,
  onBack,
  info,
  biometricsAvailable,
}: ScreenProps & { info: SecurityInfo; biometricsAvailable: boolean }) {
  const { i18n } = useLingui();
  const platform = usePlatform();
  const storage = storageOrNull();
  const { amount, submitError, idempotencyKey } = snapshot.context;
  const confirmation = useActorRef(providePasscodeConfirm(platform, storage), {
    input: confirmInput({ platform, storage, biometricsAvailable }, info, 'withdraw', idempotencyKey ?? '', Date.now()),
  });
  useEffect(() => {
    const subscription = confirmation.subscribe((current) => {
      if (current.status === 'done') actor.send({ type: 'passcode.confirmed', token: current.output.token });
    });
    return () => subscription.unsubscribe();
  }, [actor, confirmation]);
  const formatted = formatAssetAmount(amount ?? '0', asset, { full: true });
  // The keypad is the step's action: no main button; back returns to the review.
  useScreenActions({ main: null, back: onBack });
  return (
    <Suspense fallback={<Loading />}>
      <PasscodeConfirmView
        actor={confirmation}
        title={<Trans>Confirm the withdrawal</Trans>}
        subtitle={
          submitError === 'invalid_token' ? (
            i18n._(submitErrorMessage(submitError, asset.code))
          ) : (
            <Trans>Enter your passcode to send {formatted}.</Trans>
          )
        }
      />
    </Suspense>
  );
}

function FailureScreen({ actor, asset, snapshot, onBack }: ScreenProps) {
  const { i18n, t } = useLingui();
  const error = snapshot.context.submitError ?? 'failed';
  const failed = snapshot.hasTag('failed');
  useScreenActions({
    main: failed ? { label: t`Try again`, onPress: () => actor.send({ type: 'retry' }) } : null,
    back: onBack,
  });
  return (
    <Page centered>
      <PageTitle
        title={failed ? <Trans>Couldn’t send the withdrawal</Trans> : <Trans>Withdrawal not available</Trans>}
        subtitle={i18n._(submitErrorMessage(error, asset.code))}
      />
    </Page>
  );
}

/** The withdrawal exists: the balance and history are refreshed and its status page takes over. */
function Finished({ withdrawalId, leaveFlow }: { withdrawalId: string; leaveFlow: () => Promise<void> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useRef(leaveFlow);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    void leave
      .current()
      .then(() =>
        navigate({ to: '/transactions/$kind/$id', params: { kind: 'withdrawal', id: withdrawalId }, replace: true }),
      );
  }, [navigate, queryClient, withdrawalId]);
  return <Sending />;
}

function Sending() {
  const { t } = useLingui();
  // Money may be moving: no action, and no way back until the server answers.
  useScreenActions({ main: null, back: null });
  return (
    <Page centered>
      <Spinner label={t`Sending`} />
      <p className="withdraw-hint" role="status">
        <Trans>Sending the withdrawal…</Trans>
      </p>
    </Page>
  );
}
