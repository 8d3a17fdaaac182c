import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';
import { paymentMethodsQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { fiatName } from '../../lib/p2p/fiatName.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PaymentMethodCell } from '../../ui/PaymentMethodCell.tsx';
import { Section } from '../../ui/Section.tsx';
import { methodFailure } from './methodErrors.ts';
import './p2p-methods.css';

/** Methods grouped by their fiat, the groups in the order their first method comes. */
function byFiat(methods: readonly PaymentMethod[]): Array<[string, PaymentMethod[]]> {
  const groups = new Map<string, PaymentMethod[]>();
  for (const method of methods) {
    const group = groups.get(method.fiat);
    if (group) group.push(method);
    else groups.set(method.fiat, [method]);
  }
  return [...groups];
}

/**
 * /p2p/methods: the saved payment methods by currency (name or the catalogue's, the bank of a
 * group, the masked data), each leading to its page; "Add payment method" is the main action.
 */
export function MethodsListView() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const methods = useQuery(paymentMethodsQueryOptions());
  useScreenActions({
    main: { label: t`Add payment method`, onPress: () => void navigate({ to: '/p2p/methods/add' }) },
    back: useBack({ to: '/p2p/profile' }),
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Payment methods</Trans>}
        subtitle={<Trans>Where buyers send you money. Only the last 4 characters are ever shown.</Trans>}
      />
      <QueryGate query={methods} failed={(error) => i18n._(methodFailure(error, 'list'))}>
        {({ methods: saved }) =>
          saved.length === 0 ? (
            <Empty>
              <p>
                <Trans>You have no payment methods yet.</Trans>
              </p>
              <p className="p2p-methods-hint">
                <Trans>Add a bank card, a fast payment or an e-money account to trade on the market.</Trans>
              </p>
            </Empty>
          ) : (
            byFiat(saved).map(([fiat, group]) => (
              <Section key={fiat} header={`${fiat} · ${fiatName(fiat, i18n.locale)}`}>
                {group.map((method) => (
                  <Link key={method.id} to="/p2p/methods/$id" params={{ id: method.id }}>
                    <PaymentMethodCell method={method} chevron />
                  </Link>
                ))}
              </Section>
            ))
          )
        }
      </QueryGate>
    </Page>
  );
}
