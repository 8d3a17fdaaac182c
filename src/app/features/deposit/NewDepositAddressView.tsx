import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { AssetCell } from '../../ui/AssetCell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { AddressNameForm } from './AddressNameForm.tsx';
import { DepositTargetGate } from './DepositTargetGate.tsx';
import { depositAssetsOn } from './depositChoices.ts';
import { depositErrorMessage } from './depositErrors.ts';
import { useCreateDepositAddress } from './depositQueries.ts';

/**
 * …/{asset}/{network}/new: name a new address (POST /wallet/address/{network}), then open it.
 * The asset row leads to …/new/asset when the network carries more than one asset.
 */
export function NewDepositAddressView({ asset, network }: { asset: string; network: NetworkId }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const create = useCreateDepositAddress(network);
  useScreenActions({ back: useBack({ to: '/wallet/deposit/$asset/$network/addresses', params: { asset, network } }) });
  return (
    <DepositTargetGate asset={asset} network={network}>
      {(target, catalogue) => {
        const networkName = target.network.name;
        const canSwitchAsset = depositAssetsOn(catalogue, network).length > 1;
        return (
          <Page>
            <PageTitle
              title={<Trans>New address</Trans>}
              subtitle={<Trans>A new address on {networkName}. It receives every asset of the network.</Trans>}
            />
            <AddressNameForm
              initialName=""
              submitLabel={t`Create address`}
              pending={create.isPending}
              serverError={create.isError ? depositErrorMessage(create.error, 'create') : null}
              onEdit={create.reset}
              onSubmit={(name) =>
                create.mutate(name, {
                  onSuccess: (created) =>
                    void navigate({
                      to: '/wallet/deposit/$asset/$network/addresses/$id',
                      params: { asset, network, id: created.id },
                      replace: true,
                    }),
                })
              }
            >
              <Section header={<Trans>Shown for</Trans>}>
                {canSwitchAsset ? (
                  <Link to="/wallet/deposit/$asset/$network/new/asset" params={{ asset, network }}>
                    <AssetCell asset={target.asset} chevron />
                  </Link>
                ) : (
                  <AssetCell asset={target.asset} />
                )}
              </Section>
            </AddressNameForm>
          </Page>
        );
      }}
    </DepositTargetGate>
  );
}
