import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import {
  inactiveOnlyProperties,
  type OfferEdit,
  type OfferProperty,
} from '../../../../machines/offerManagement.machine.ts';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { toApiError } from '../../api/errors.ts';
import { offerQueryOptions } from '../../api/p2pOfferQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { useOfferManagement } from './useOfferManagement.ts';
import './p2p-offer.css';

/** What an edit page's form gets: the offer, a way to save one edit, and whether a save is under way. */
export interface EditFormProps {
  offer: Offer;
  save: (edit: OfferEdit) => void;
  saving: boolean;
  /** The form's id: the screen's main action ("Save") submits it. */
  formId: string;
}

/**
 * The frame of every edit page of an offer (`/p2p/offers/{id}/{property}`, spec 001 s.2): the
 * offer (loading; not found for a missing offer or someone else's), the title, the form, "Save"
 * as the main action, back to the offer. Saving goes through the offerManagement machine
 * (`edit.save`); once saved the page returns to the offer. Volume and methods say to turn the
 * offer offline first while it is active.
 */
export function OfferEditPage({
  id,
  property,
  title,
  subtitle,
  children,
}: {
  id: number;
  property: OfferProperty;
  title: ReactNode;
  subtitle?: ReactNode;
  children: (props: EditFormProps) => ReactNode;
}) {
  const { t } = useLingui();
  const offer = useQuery(offerQueryOptions(id));
  const toOffer = useBack({ to: '/p2p/offers/$id', params: { id } });
  const missing =
    (offer.isError && toApiError(offer.error)?.code === 404) || (offer.data !== undefined && !offer.data.is_mine);
  if (offer.isPending || missing || offer.data === undefined) {
    return (
      <Frame back={toOffer}>
        {offer.isPending ? (
          <Loading />
        ) : missing ? (
          <Empty>
            <PageTitle title={<Trans>Offer not found</Trans>} />
          </Empty>
        ) : (
          <LoadFailed message={t`Couldn’t load the offer.`} onRetry={() => void offer.refetch()} />
        )}
      </Frame>
    );
  }
  if (offer.data.status === 'active' && inactiveOnlyProperties.has(property)) {
    return (
      <Frame back={toOffer}>
        <PageTitle title={title} subtitle={<Trans>Turn the offer offline to change this.</Trans>} />
      </Frame>
    );
  }
  return (
    <EditBody offer={offer.data} property={property} title={title} subtitle={subtitle} toOffer={toOffer}>
      {children}
    </EditBody>
  );
}

function Frame({ back, children }: { back: () => void; children: ReactNode }) {
  useScreenActions({ main: null, back });
  return <Page>{children}</Page>;
}

function EditBody({
  offer,
  property,
  title,
  subtitle,
  toOffer,
  children,
}: {
  offer: Offer;
  property: OfferProperty;
  title: ReactNode;
  subtitle?: ReactNode;
  toOffer: () => void;
  children: (props: EditFormProps) => ReactNode;
}) {
  const actor = useOfferManagement(offer, { leave: toOffer, showOffer: toOffer });
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  useScreenActions({ back: toOffer });
  return (
    <Page>
      <PageTitle title={title} subtitle={subtitle} />
      {children({
        offer,
        saving,
        formId: `offer-${property}`,
        save: (edit) => actor.send({ type: 'edit.save', edit }),
      })}
    </Page>
  );
}

/** An edit page's form: Enter and the screen's main action ("Save") submit it. */
export function EditForm({
  formId,
  saving,
  canSave,
  label,
  onSubmit,
  children,
}: {
  formId: string;
  saving: boolean;
  /** The main action's words; "Save" unless given. */
  label?: string;
  /** False while what is typed cannot be sent. */
  canSave: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  useScreenActions({ main: { label: label ?? t`Save`, submits: formId, disabled: !canSave, busy: saving } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !saving) onSubmit();
  };
  return (
    <form id={formId} className="p2p-edit-form" onSubmit={submit} noValidate>
      {children}
    </form>
  );
}
