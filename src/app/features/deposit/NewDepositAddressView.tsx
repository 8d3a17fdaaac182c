import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { AssetCell } from '../../ui/AssetCell.tsx';
import { BackLink } from '../../ui/BackLink.tsx';
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
  const navigate = useNavigate();
  const create = useCreateDepositAddress(network);
  return (
    <DepositTargetGate asset={asset} network={network}>
      {(target, catalogue) => {
        const networkName = target.network.name;
        const canSwitchAsset = depositAssetsOn(catalogue, network).length > 1;
        return (
          <Page>
            <BackLink to="/wallet/deposit/$asset/$network/addresses" params={{ asset, network }}>
              <Trans>Addresses</Trans>
            </BackLink>
            <PageTitle
              title={<Trans>New address</Trans>}
              subtitle={<Trans>A new address on {networkName}. It receives every asset of the network.</Trans>}
            />
            <AddressNameForm
              initialName=""
              submitLabel={<Trans>Create address</Trans>}
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
