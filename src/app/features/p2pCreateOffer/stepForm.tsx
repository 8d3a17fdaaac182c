import { Trans } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { CreateOfferStep, createOfferMachine } from '../../../../machines/createOffer.machine.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import type { CreateOfferActor } from './createOffer.ts';
import './createOffer.css';

export type CreateOfferSnapshot = SnapshotFrom<typeof createOfferMachine>;

/** What every step's screen gets. */
export interface StepProps {
  actor: CreateOfferActor;
  snapshot: CreateOfferSnapshot;
  /** The wallet catalogue: names, decimals and how amounts are shown. */
  catalogue: AssetCatalogue;
  /** One step back (src/app/lib/flowUrl.ts). */
  onBack: () => void;
}

/**
 * A step's form: its main action (`useScreenActions`: Telegram's MainButton in the mini app, the
 * shell's button on the web) submits it, and so does Enter in its fields.
 */
export function StepForm({ id, children, onSubmit }: { id: string; children: ReactNode; onSubmit: () => void }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} className="create-offer-form" onSubmit={submit} noValidate>
      {children}
    </form>
  );
}

/** The server refused the offer for a field of this step: it says so at the top of the step. */
export function ServerRefusalNotice({ snapshot, step }: { snapshot: CreateOfferSnapshot; step: CreateOfferStep }) {
  if (snapshot.context.serverError?.step !== step) return null;
  return (
    <p className="create-offer-alert" role="alert">
      <Trans>The offer wasn’t accepted as it was: check this step and try again.</Trans>
    </p>
  );
}
