import aeFlag from 'circle-flags/flags/ae.svg?url&no-inline';
import amFlag from 'circle-flags/flags/am.svg?url&no-inline';
import azFlag from 'circle-flags/flags/az.svg?url&no-inline';
import brFlag from 'circle-flags/flags/br.svg?url&no-inline';
import byFlag from 'circle-flags/flags/by.svg?url&no-inline';
import cnFlag from 'circle-flags/flags/cn.svg?url&no-inline';
import euFlag from 'circle-flags/flags/european_union.svg?url&no-inline';
import gbFlag from 'circle-flags/flags/gb.svg?url&no-inline';
import geFlag from 'circle-flags/flags/ge.svg?url&no-inline';
import idFlag from 'circle-flags/flags/id.svg?url&no-inline';
import ilFlag from 'circle-flags/flags/il.svg?url&no-inline';
import inFlag from 'circle-flags/flags/in.svg?url&no-inline';
import kgFlag from 'circle-flags/flags/kg.svg?url&no-inline';
import kzFlag from 'circle-flags/flags/kz.svg?url&no-inline';
import lkFlag from 'circle-flags/flags/lk.svg?url&no-inline';
import plFlag from 'circle-flags/flags/pl.svg?url&no-inline';
import ruFlag from 'circle-flags/flags/ru.svg?url&no-inline';
import thFlag from 'circle-flags/flags/th.svg?url&no-inline';
import tjFlag from 'circle-flags/flags/tj.svg?url&no-inline';
import trFlag from 'circle-flags/flags/tr.svg?url&no-inline';
import uaFlag from 'circle-flags/flags/ua.svg?url&no-inline';
import usFlag from 'circle-flags/flags/us.svg?url&no-inline';
import uzFlag from 'circle-flags/flags/uz.svg?url&no-inline';
import bnbIcon from './tokenIcons/BNB.svg?url&no-inline';
import btcIcon from './tokenIcons/BTC.svg?url&no-inline';
import ethIcon from './tokenIcons/ETH.svg?url&no-inline';
import ltcIcon from './tokenIcons/LTC.svg?url&no-inline';
import tonIcon from './tokenIcons/TON.svg?url&no-inline';
import trxIcon from './tokenIcons/TRX.svg?url&no-inline';
import usdcIcon from './tokenIcons/USDC.svg?url&no-inline';
import usdtIcon from './tokenIcons/USDT.svg?url&no-inline';
import './asset.css';

/**
 * Crypto by code: web3icons' branded artwork, written to files by scripts/token-icons.ts and shown
 * as images like the flags, so no icon component weighs on the first screen's JavaScript.
 * web3icons has no JetTon (JET), which falls back to a lettered circle.
 */
const tokenIcons: Readonly<Record<string, string>> = {
  BNB: bnbIcon,
  BTC: btcIcon,
  ETH: ethIcon,
  LTC: ltcIcon,
  TON: tonIcon,
  TRX: trxIcon,
  USDC: usdcIcon,
  USDT: usdtIcon,
};

/** Chain identifiers (spec 000 s.3) → the code of the chain's own coin, whose icon is the badge. */
const networkCoins: Readonly<Record<string, string>> = {
  BSC: 'BNB',
  BTC: 'BTC',
  ETH: 'ETH',
  LTC: 'LTC',
  TON: 'TON',
  TRX: 'TRX',
};

/**
 * Fiat by currency code → the flag of its country (the euro's is the EU's). Imported as
 * `?url&no-inline`: each flag stays a file of its own, fetched when shown, rather than being
 * inlined into the first screen's JavaScript.
 */
const fiatFlags: Readonly<Record<string, string>> = {
  AED: aeFlag,
  AMD: amFlag,
  AZN: azFlag,
  BRL: brFlag,
  BYN: byFlag,
  CNY: cnFlag,
  EUR: euFlag,
  GBP: gbFlag,
  GEL: geFlag,
  IDR: idFlag,
  ILS: ilFlag,
  INR: inFlag,
  KGS: kgFlag,
  KZT: kzFlag,
  LKR: lkFlag,
  PLN: plFlag,
  RUB: ruFlag,
  THB: thFlag,
  TJS: tjFlag,
  TRY: trFlag,
  UAH: uaFlag,
  USD: usFlag,
  UZS: uzFlag,
};

/** Whether a code has a real icon (token or flag) rather than the lettered fallback. */
export function hasAssetIcon(code: string): boolean {
  return code in tokenIcons || code in fiatFlags;
}

function Glyph({ code, size }: { code: string; size: number }) {
  const image = tokenIcons[code] ?? fiatFlags[code];
  if (image) return <img className="ui-asset-icon-image" src={image} width={size} height={size} alt="" />;
  return (
    <span className="ui-asset-icon-letter" style={{ fontSize: Math.round(size * 0.45) }}>
      {code.slice(0, 1)}
    </span>
  );
}

/**
 * An asset's round icon: crypto from web3icons (branded), fiat as a circle flag, anything else a
 * neutral circle with the code's first letter. With `network`, a small badge of that chain's coin
 * sits at the bottom right (USDT on Tron shows the TRX mark). Decorative: the name is beside it.
 */
export function AssetIcon({ code, size = 40, network }: { code: string; size?: number; network?: string }) {
  const badgeCode = network === undefined ? undefined : networkCoins[network];
  const badgeSize = Math.round(size * 0.4);
  return (
    <span
      className="ui-asset-icon"
      style={{ width: size, height: size }}
      data-code={code}
      data-network={network}
      aria-hidden="true"
    >
      <Glyph code={code} size={size} />
      {badgeCode !== undefined && badgeCode !== code ? (
        <span className="ui-asset-icon-badge" style={{ width: badgeSize, height: badgeSize }}>
          <Glyph code={badgeCode} size={badgeSize} />
        </span>
      ) : null}
    </span>
  );
}
