import { Trans } from '@lingui/react/macro';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import { useShareLink } from '../../lib/p2p/shareLink.ts';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { Section } from '../../ui/Section.tsx';
import './p2p-offer.css';

/** "Share link": copies the offer's link (the `offer-{id}` deep link in the mini app, its URL on the web). */
export function ShareOfferLink({ offerId }: { offerId: number }) {
  const link = useShareLink(`offer-${offerId}`, `/p2p/offers/${offerId}`);
  const { copied, copy } = useCopyFeedback();
  return (
    <Section>
      <CellButton disabled={link === null} onClick={() => link !== null && void copy(link)}>
        <Cell
          title={<Trans>Share link</Trans>}
          subtitle={link === null ? undefined : <span className="p2p-share-url">{link}</span>}
          value={<span aria-live="polite">{copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>}
        />
      </CellButton>
    </Section>
  );
}
