import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import './p2c-pay.css';

/**
 * `/p2c/promo` (spec 001 s.2, public: no sign-in): what paying shops' QR codes with crypto is,
 * how it goes and what it costs, for anyone a link brings here. The main action opens the paste
 * field (or, signed out, the sign-in first).
 */
export function PromoView() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const back = useBack({ to: '/' });
  useScreenActions({
    main: { label: t`Pay by QR code`, onPress: () => void navigate({ to: '/qr-pay', search: { step: 'paste' } }) },
    back,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Pay shops with crypto</Trans>}
        subtitle={
          <Trans>
            Scan a shop’s payment QR code (the Russian Faster Payments System’s) and pay it from your USDT or TON. The
            shop gets roubles as usual.
          </Trans>
        }
      />
      <ol className="p2c-promo-steps">
        <li>
          <Trans>
            Scan the code, or paste its link on the web. You see the shop, the roubles and the price in crypto.
          </Trans>
        </li>
        <li>
          <Trans>Confirm with your passcode. Your crypto is held, not yet spent.</Trans>
        </li>
        <li>
          <Trans>A verified merchant pays the shop in roubles within minutes and receives your crypto.</Trans>
        </li>
        <li>
          <Trans>If nobody pays in time, the payment is canceled and the crypto comes back to you.</Trans>
        </li>
      </ol>
      <Section header={<Trans>Good to know</Trans>}>
        <Cell title={<Trans>Amounts</Trans>} subtitle={<Trans>From 100 to 100,000 roubles per code</Trans>} />
        <Cell title={<Trans>Service fee</Trans>} subtitle={<Trans>1% of the amount, shown before you pay</Trans>} />
        <Cell
          title={<Trans>Disputes</Trans>}
          subtitle={<Trans>For 24 hours after payment; support checks the merchant’s bank receipt</Trans>}
        />
      </Section>
    </Page>
  );
}
