import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { formatAssetAmount } from '../../lib/money.ts';
import { AssetChoiceList } from '../../ui/AssetChoiceList.tsx';
import { AssetChoicePage } from '../../ui/AssetChoicePage.tsx';
import { withdrawNetworksFor } from './addressNetworks.ts';
import { WithdrawDataGate } from './WithdrawDataGate.tsx';
import { withdrawAssets } from './withdrawAssets.ts';
import { availableOf } from './withdrawChoices.ts';

/**
 * /wallet/withdraw: the crypto assets that can be withdrawn, those with a balance first, each with
 * what is available. With `?address=` (a code scanned on home) only the assets that can go to that
 * address, and the address goes on to the flow.
 */
export function ChooseWithdrawAssetView({ address }: { address?: string }) {
  const navigate = useNavigate();
  return (
    <AssetChoicePage title={<Trans>Withdraw</Trans>} subtitle={<Trans>Choose what you want to send.</Trans>}>
      <WithdrawDataGate>
        {({ catalogue, balances }) => (
          <AssetChoiceList
            assets={withdrawAssets(catalogue, balances).filter(
              (asset) => withdrawNetworksFor(asset, address).length > 0,
            )}
            subtitle={(asset) => {
              const available = formatAssetAmount(availableOf(balances, asset.code), asset, { full: true });
              return <Trans>Available {available}</Trans>;
            }}
            empty={<Trans>Withdrawals are not available right now.</Trans>}
            onChoose={(asset) =>
              void navigate({
                to: '/wallet/withdraw/$asset',
                params: { asset: asset.code },
                search: address === undefined ? {} : { address },
              })
            }
          />
        )}
      </WithdrawDataGate>
    </AssetChoicePage>
  );
}
