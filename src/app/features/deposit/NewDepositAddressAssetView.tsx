import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { AssetCell } from '../../ui/AssetCell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { DepositTargetGate } from './DepositTargetGate.tsx';
import { depositAssetsOn } from './depositChoices.ts';

/**
 * …/{asset}/{network}/new/asset: which of the network's assets the new address is shown for.
 * An address takes every asset of its network; the choice only decides which asset's warning
 * and minimum its pages show. Choosing returns to the name form for that asset.
 */
export function NewDepositAddressAssetView({ asset, network }: { asset: string; network: NetworkId }) {
  const navigate = useNavigate();
  useScreenActions({ back: useBack({ to: '/wallet/deposit/$asset/$network/new', params: { asset, network } }) });
  return (
    <DepositTargetGate asset={asset} network={network}>
      {(target, catalogue) => {
        const networkName = target.network.name;
        return (
          <Page>
            <PageTitle
              title={<Trans>Choose the asset</Trans>}
              subtitle={<Trans>The new address receives every asset on {networkName}.</Trans>}
            />
            <Section>
              {depositAssetsOn(catalogue, network).map((candidate) => (
                <AssetCell
                  key={candidate.code}
                  asset={candidate}
                  value={candidate.code === asset ? <Trans>Chosen</Trans> : undefined}
                  chevron
                  onClick={() =>
                    void navigate({
                      to: '/wallet/deposit/$asset/$network/new',
                      params: { asset: candidate.code, network },
                      replace: true,
                    })
                  }
                />
              ))}
            </Section>
          </Page>
        );
      }}
    </DepositTargetGate>
  );
}
