import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ChangeEvent, useId, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import {
  type DisputeFileEntry,
  type DisputeKind,
  keptFiles,
  type OrderDisputeEvent,
  orderDisputeMachine,
  type StatementInput,
  type UploadFileInput,
} from '../../../../machines/p2pOrderDispute.machine.ts';
import { maxUploadBytes } from '../../../contract/compliance.ts';
import {
  disputeReasons,
  maxDisputeFiles,
  maxDisputeMessageLength,
  type Order,
  type OrderAction,
} from '../../../contract/p2p-orders.ts';
import { type OrderTransitions, uploadDisputeFile } from '../../api/p2pOrderQueries.ts';
import { useBack } from '../../lib/back.ts';
import { asMachineCall, callFailureOf } from '../../lib/machineCall.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { MessageField } from './MessageField.tsx';
import { NotNow, OrderGate } from './OrderGate.tsx';
import { useOrderTransitions } from './orderCalls.ts';
import { disputeReasonNames, orderCallErrorMessage } from './orderMessages.ts';

/** The images a statement takes (the server also takes PDF receipts). */
const acceptedTypes = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf';

const actionOf: Record<DisputeKind, OrderAction> = { open: 'open_dispute', respond: 'respond_dispute' };

/**
 * `/p2p/orders/{id}/create-dispute` (`kind: 'open'`: a reason, a message, up to 5 images) and
 * `/dispute-response` (`kind: 'respond'`: a message and images) — machines/p2pOrderDispute.machine.ts.
 * Each image uploads as soon as it is chosen; the statement is sent once none is still going.
 * When the order does not offer the action (a buyer before the seller's time to confirm is over,
 * a dispute already answered) the page says so instead. Sent: back to the order.
 */
export function DisputeFormPage({ id, kind }: { id: number; kind: DisputeKind }) {
  const back = useBack({ to: '/p2p/orders/$id', params: { id } });
  return (
    <OrderGate id={id} back={back}>
      {(order) =>
        order.actions.includes(actionOf[kind]) ? (
          <DisputeForm order={order} kind={kind} back={back} />
        ) : (
          <NotOffered order={order} kind={kind} back={back} />
        )
      }
    </OrderGate>
  );
}

function NotOffered({ order, kind, back }: { order: Order; kind: DisputeKind; back: () => void }) {
  const early = kind === 'open' && order.status === 'pending' && order.side === 'buyer';
  return (
    <NotNow
      order={order}
      back={back}
      title={kind === 'open' ? <Trans>You can’t open a dispute now</Trans> : <Trans>Nothing to answer</Trans>}
      subtitle={
        early ? (
          <Trans>You can open a dispute once the seller’s time to confirm is over.</Trans>
        ) : kind === 'open' ? (
          <Trans>This order can’t be disputed in its current status.</Trans>
        ) : (
          <Trans>This order has no dispute waiting for your answer.</Trans>
        )
      }
    />
  );
}

function sendStatement(calls: OrderTransitions, input: StatementInput) {
  const body = { message: input.message, file_ids: input.fileIds };
  if (input.kind === 'respond') return calls.respondToDispute(body);
  return calls.openDispute({ ...body, reason: input.reason ?? 'other' });
}

function DisputeForm({ order, kind, back }: { order: Order; kind: DisputeKind; back: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const calls = useOrderTransitions(order.id);
  const formId = useId();
  const [machine] = useState(() =>
    orderDisputeMachine.provide({
      actors: {
        uploadFile: fromCallback<OrderDisputeEvent, UploadFileInput>(({ input, sendBack }) => {
          const abort = new AbortController();
          uploadDisputeFile(input.orderId, input.file, { signal: abort.signal }).then(
            (file) => sendBack({ type: 'file.uploaded', key: input.key, id: file.id }),
            (thrown: unknown) => {
              if (!abort.signal.aborted)
                sendBack({ type: 'file.failed', key: input.key, code: callFailureOf(thrown).reason });
            },
          );
          return () => abort.abort();
        }),
        submitStatement: fromPromise<unknown, StatementInput>(({ input }) =>
          asMachineCall(() => sendStatement(calls, input)),
        ),
      },
      actions: {
        showOrder: () => void navigate({ to: '/p2p/orders/$id', params: { id: order.id }, replace: true }),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: {
      orderId: order.id,
      kind,
      maxFiles: maxDisputeFiles,
      maxMessageLength: maxDisputeMessageLength,
      maxBytes: maxUploadBytes,
    },
  });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'submit' }));
  useScreenActions({
    main: { label: kind === 'open' ? t`Open dispute` : t`Send answer`, submits: formId, disabled: !canSubmit, busy },
    secondary: null,
    back,
  });
  const room = keptFiles(context.files).length < maxDisputeFiles;
  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    for (const file of Array.from(event.target.files ?? [])) actor.send({ type: 'file.add', file });
    event.target.value = '';
  };
  return (
    <Page>
      <PageTitle
        title={kind === 'open' ? <Trans>Open a dispute</Trans> : <Trans>Answer the dispute</Trans>}
        subtitle={
          <Trans>
            Support reads both sides and decides. The crypto stays held until then. Add receipts or screenshots of the
            payment.
          </Trans>
        }
      />
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'submit' });
        }}
      >
        {kind === 'open' ? (
          <ChoiceSection header={<Trans>Reason</Trans>}>
            {disputeReasons.map((reason) => (
              <Choice
                key={reason}
                title={i18n._(disputeReasonNames[reason])}
                checked={context.reason === reason}
                disabled={busy}
                onSelect={() => actor.send({ type: 'reason.choose', reason })}
              />
            ))}
          </ChoiceSection>
        ) : null}
        <MessageField
          id={`${formId}-message`}
          label={<Trans>What happened</Trans>}
          value={context.message}
          most={maxDisputeMessageLength}
          onChange={(message) => actor.send({ type: 'message.change', message })}
        />
        <Section
          header={<Trans>Images</Trans>}
          footer={
            <Trans>Up to {maxDisputeFiles} images or PDF files, 10 MB each. Only you and support see them.</Trans>
          }
        >
          {context.files.map((file) => (
            <FileRow key={file.key} file={file} onRemove={() => actor.send({ type: 'file.remove', key: file.key })} />
          ))}
          {room ? (
            <label className="p2p-order-add-file">
              <input type="file" accept={acceptedTypes} multiple onChange={addFiles} disabled={busy} />
              <Trans>Add an image</Trans>
            </label>
          ) : null}
        </Section>
        {context.error !== null ? (
          <p className="p2p-order-error" role="alert">
            {i18n._(orderCallErrorMessage(context.error))}
          </p>
        ) : null}
      </form>
    </Page>
  );
}

function FileRow({ file, onRemove }: { file: DisputeFileEntry; onRemove: () => void }) {
  const { t } = useLingui();
  const name = file.name;
  return (
    <div className="p2p-order-file">
      <span className="p2p-order-file-text">
        <span className="p2p-order-file-name">{name}</span>
        <span
          className={
            file.state === 'refused' ? 'p2p-order-file-state p2p-order-file-state--refused' : 'p2p-order-file-state'
          }
        >
          <FileState file={file} />
        </span>
      </span>
      <Button variant="plain" aria-label={t`Remove ${name}`} onClick={onRemove}>
        <Trans>Remove</Trans>
      </Button>
    </div>
  );
}

function FileState({ file }: { file: DisputeFileEntry }) {
  if (file.state === 'uploading') return <Trans>Uploading…</Trans>;
  if (file.state === 'uploaded') return <Trans>Uploaded</Trans>;
  switch (file.problem) {
    case 'file_empty':
      return <Trans>This file is empty.</Trans>;
    case 'file_too_large':
      return <Trans>This file is larger than 10 MB.</Trans>;
    default:
      return file.code === 'file_type_refused' || file.code === 'unsupported_media_type' ? (
        <Trans>This is not an image or a PDF.</Trans>
      ) : (
        <Trans>Not uploaded. Remove it and try again.</Trans>
      );
  }
}
