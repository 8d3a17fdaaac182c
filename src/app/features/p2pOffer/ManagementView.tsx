import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Page } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import type { OfferManagementActor } from './offerManagement.ts';
import { useOfferTexts } from './offerTexts.ts';
import { ShareOfferLink } from './ShareOfferLink.tsx';
import { useOfferManagement } from './useOfferManagement.ts';

const noop = () => {};

/**
 * The maker's view of their offer (spec 001 s.2 "Offer management screen"): the header (number,
 * direction, asset, fiat, status), Turn Online / Turn Offline as the main action, the share
 * link, the details whose rows open the edit pages (methods and volume only while offline;
 * conditions when `can_edit_remark` or conditions exist), and Delete while offline, after a
 * confirmation; a delete goes back where the screen was opened from.
 */
export function ManagementView({ offer, leave }: { offer: Offer; leave: () => void }) {
  const { t } = useLingui();
  const actor = useOfferManagement(offer, { leave, showOffer: noop });
  const active = useSelector(actor, (snapshot) => snapshot.context.active);
  const switching = useSelector(actor, (snapshot) => snapshot.matches('switching'));
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('confirming'));
  const texts = useOfferTexts(offer);
  const number = offer.id;
  useScreenActions({
    // While the delete modal asks, its own buttons are the only actions: Telegram's MainButton hides.
    main: confirming
      ? null
      : {
          label: active ? t`Turn Offline` : t`Turn Online`,
          onPress: () => actor.send({ type: 'status.toggle' }),
          busy: switching,
        },
    back: leave,
  });
  return (
    <Page>
      <header className="p2p-offer-header">
        <h1>
          <Trans>Offer #{number}</Trans>
        </h1>
        <p>
          {texts.direction}{' '}
          <span className={active ? 'p2p-offer-status p2p-offer-status--online' : 'p2p-offer-status'}>
            {active ? <Trans context="offer status">Online</Trans> : <Trans context="offer status">Offline</Trans>}
          </span>
        </p>
      </header>
      <OfferRows offer={offer} active={active} />
      <ShareOfferLink offerId={offer.id} />
      {active ? null : <DeleteOffer actor={actor} />}
    </Page>
  );
}

/** A row that opens an edit page, or just says its value when it cannot be changed now. */
function EditRow({
  to,
  offerId,
  title,
  value,
  note,
  locked = false,
}: {
  to: EditPath;
  offerId: number;
  title: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  locked?: boolean;
}) {
  if (locked) return <Cell title={title} subtitle={note} value={value} />;
  return (
    <Link to={to} params={{ id: offerId }}>
      <Cell title={title} subtitle={note} value={value} chevron />
    </Link>
  );
}

type EditPath =
  | '/p2p/offers/$id/price'
  | '/p2p/offers/$id/volume'
  | '/p2p/offers/$id/limits'
  | '/p2p/offers/$id/methods'
  | '/p2p/offers/$id/time'
  | '/p2p/offers/$id/conditions'
  | '/p2p/offers/$id/restrictions';

function OfferRows({ offer, active }: { offer: Offer; active: boolean }) {
  const texts = useOfferTexts(offer);
  const profile = useQuery(ownMarketProfileQueryOptions());
  const canEditRemark = profile.data?.account_info.can_edit_remark === true;
  const offline = <Trans>Turn the offer offline to change this</Trans>;
  const id = offer.id;
  const remaining = texts.remaining;
  return (
    <div className="p2p-offer-details">
      <Section header={<Trans>Details</Trans>}>
        <EditRow
          to="/p2p/offers/$id/price"
          offerId={id}
          title={<Trans>Price</Trans>}
          value={texts.price}
          note={texts.priceKind}
        />
        <EditRow
          to="/p2p/offers/$id/volume"
          offerId={id}
          title={<Trans>Volume</Trans>}
          value={texts.volume}
          note={active ? offline : <Trans>Left: {remaining}</Trans>}
          locked={active}
        />
        <EditRow to="/p2p/offers/$id/limits" offerId={id} title={<Trans>Limits</Trans>} value={texts.limits} />
        {/* Method names are long ("T-Bank · SBP (Faster Payments System)"): under the title, one a line,
            with the row's whole width, rather than squeezed into the value column. */}
        <EditRow
          to="/p2p/offers/$id/methods"
          offerId={id}
          title={<Trans>Payment methods</Trans>}
          value={undefined}
          note={
            <>
              {texts.methodList.map((method) => (
                <span key={method} className="p2p-offer-method-line">
                  {method}
                </span>
              ))}
              {active ? <span className="p2p-offer-method-line">{offline}</span> : null}
            </>
          }
          locked={active}
        />
        <EditRow
          to="/p2p/offers/$id/time"
          offerId={id}
          title={<Trans>Time to pay</Trans>}
          value={texts.paymentWindow}
        />
        {canEditRemark || offer.description !== '' ? (
          <EditRow
            to="/p2p/offers/$id/conditions"
            offerId={id}
            title={<Trans>Conditions</Trans>}
            value={offer.description === '' ? <Trans>None</Trans> : undefined}
            note={
              offer.description === '' ? undefined : <span className="p2p-offer-conditions">{offer.description}</span>
            }
          />
        ) : null}
        <EditRow
          to="/p2p/offers/$id/restrictions"
          offerId={id}
          title={<Trans>Restrictions</Trans>}
          value={texts.restrictions}
        />
      </Section>
    </div>
  );
}

function DeleteOffer({ actor }: { actor: OfferManagementActor }) {
  const { t } = useLingui();
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('confirming'));
  const deleting = useSelector(actor, (snapshot) => snapshot.matches('deleting'));
  return (
    <>
      <div className="p2p-offer-actions">
        <Button variant="destructive" stretched onClick={() => actor.send({ type: 'delete.ask' })}>
          <Trans>Delete offer</Trans>
        </Button>
      </div>
      <Sheet
        open={confirming}
        title={<Trans>Delete this offer?</Trans>}
        description={<Trans>It disappears from the market for good. This can’t be undone.</Trans>}
        onClose={() => !deleting && actor.send({ type: 'delete.cancel' })}
      >
        <Button
          variant="destructive"
          stretched
          disabled={deleting}
          aria-busy={deleting || undefined}
          onClick={() => actor.send({ type: 'delete.confirm' })}
        >
          {deleting ? t`Deleting…` : t`Delete`}
        </Button>
        <Button variant="plain" stretched disabled={deleting} onClick={() => actor.send({ type: 'delete.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </>
  );
}
