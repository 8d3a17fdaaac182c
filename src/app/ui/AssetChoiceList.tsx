import type { ReactNode } from 'react';
import type { Asset } from '../../contract/wallet.ts';
import { AssetCell } from './AssetCell.tsx';
import { Empty } from './LoadStates.tsx';
import { Section } from './Section.tsx';

/** The assets an operation can start with, a row each leading on; `empty` says why there are none. */
export function AssetChoiceList<ChoosableAsset extends Asset>({
  assets,
  subtitle,
  empty,
  onChoose,
}: {
  assets: readonly ChoosableAsset[];
  /** Under the asset's name; its code when not given. */
  subtitle?: (asset: ChoosableAsset) => ReactNode;
  empty: ReactNode;
  onChoose: (asset: ChoosableAsset) => void;
}) {
  if (assets.length === 0)
    return (
      <Empty>
        <p>{empty}</p>
      </Empty>
    );
  return (
    <Section>
      {assets.map((asset) => (
        <AssetCell
          key={asset.code}
          asset={asset}
          subtitle={subtitle?.(asset)}
          chevron
          onClick={() => onChoose(asset)}
        />
      ))}
    </Section>
  );
}
