/**
 * Asset icons: crypto as web3icons' artwork in image files, fiat as circle flags, unknown codes as a
 * lettered circle, and a chain badge when a network is given.
 */
import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import europeanUnion from 'circle-flags/flags/european_union.svg?url&no-inline';
import kyrgyzstan from 'circle-flags/flags/kg.svg?url&no-inline';
import russia from 'circle-flags/flags/ru.svg?url&no-inline';
import { describe, expect, it } from 'vitest';
import { tokenSvg } from '../../../scripts/token-icons.ts';
import { AssetIcon, hasAssetIcon } from '../../../src/app/ui/AssetIcon.tsx';
import bnb from '../../../src/app/ui/tokenIcons/BNB.svg?url&no-inline';
import btc from '../../../src/app/ui/tokenIcons/BTC.svg?url&no-inline';
import trx from '../../../src/app/ui/tokenIcons/TRX.svg?url&no-inline';

function iconOf(code: string, network?: string) {
  const { container } = render(<AssetIcon code={code} size={32} network={network} />);
  const icon = container.querySelector('.ui-asset-icon');
  if (!(icon instanceof HTMLElement)) throw new Error('No icon rendered');
  return icon;
}

describe('an asset icon', () => {
  it('draws each catalogue coin that web3icons has as an image of the size asked, with no text of its own', () => {
    for (const code of ['BTC', 'ETH', 'USDT', 'USDC', 'TON', 'TRX', 'BNB', 'LTC']) {
      const image = iconOf(code).querySelector(':scope > img');
      expect(image?.getAttribute('src'), code).toMatch(new RegExp(`/tokenIcons/${code}\\.svg`));
      expect(image?.getAttribute('width')).toBe('32');
      expect(image?.getAttribute('alt')).toBe('');
    }
    expect(iconOf('BTC').querySelector('img')?.getAttribute('src')).toBe(btc);
  });

  it('keeps each coin file exactly as web3icons draws that coin (branded)', () => {
    for (const code of ['BTC', 'ETH', 'USDT', 'USDC', 'TON', 'TRX', 'BNB', 'LTC'] as const) {
      const file = readFileSync(`src/app/ui/tokenIcons/${code}.svg`, 'utf8');
      expect(file, `${code}.svg is out of date: node scripts/token-icons.ts`).toBe(tokenSvg(code));
    }
    expect(tokenSvg('TON')).toContain('fill="#0098EA"');
  });

  it('shows a fiat currency as its country flag, the euro as the EU flag', () => {
    const flag = iconOf('RUB').querySelector('img');
    expect(flag?.getAttribute('src')).toBe(russia);
    expect(flag?.getAttribute('alt')).toBe('');
    expect(iconOf('EUR').querySelector('img')?.getAttribute('src')).toBe(europeanUnion);
    expect(iconOf('KGS').querySelector('img')?.getAttribute('src')).toBe(kyrgyzstan);
  });

  it('has a flag for every fiat currency of the catalogue, and for LKR', () => {
    const fiat = 'RUB USD EUR BYN UAH GBP CNY KZT UZS GEL TRY AMD THB INR BRL IDR AZN AED PLN ILS KGS TJS LKR';
    for (const code of fiat.split(' ')) expect(hasAssetIcon(code), code).toBe(true);
  });

  it('falls back to the first letter of a code it has no icon for', () => {
    const icon = iconOf('JET');
    expect(icon.querySelector('svg, img')).toBeNull();
    expect(icon.textContent).toBe('J');
    expect(hasAssetIcon('JET')).toBe(false);
  });

  it('adds a badge of the chain coin for a network', () => {
    const badge = iconOf('USDT', 'TRX').querySelector('.ui-asset-icon-badge');
    expect(badge?.querySelector('img')?.getAttribute('src')).toBe(trx);
    expect(iconOf('USDT', 'BSC').querySelector('.ui-asset-icon-badge img')?.getAttribute('src')).toBe(bnb);
  });

  it('adds no badge for a coin on its own chain or without a network', () => {
    expect(iconOf('TON', 'TON').querySelector('.ui-asset-icon-badge')).toBeNull();
    expect(iconOf('USDT').querySelector('.ui-asset-icon-badge')).toBeNull();
  });

  it('is hidden from assistive technology, the name beside it says what it is', () => {
    expect(iconOf('BTC').getAttribute('aria-hidden')).toBe('true');
  });
});
