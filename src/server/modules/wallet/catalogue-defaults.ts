import Decimal from 'decimal.js';

/**
 * The built-in default catalogue of spec 000 sections 3 and 9, seeded into the database on start.
 * Values the spec gives are written exactly as it gives them; every value it does not give is a
 * decision recorded in docs/catalogue.md. The server never reads these at request time: the
 * database is the source, so an operator can change it without a release.
 */

/** An integer amount written in exponent form ("5e22") as the spec's market limits are. */
function integer(exponentForm: string): string {
  const value = new Decimal(exponentForm);
  if (!value.isInteger() || value.isNegative()) throw new Error(`Not a smallest-unit amount: ${exponentForm}`);
  return value.toFixed(0);
}

/** A whole-unit amount ("0.01" USDT) converted to smallest units. */
function scaled(wholeUnits: string, decimals: number): string {
  return integer(new Decimal(wholeUnits).mul(new Decimal(10).pow(decimals)).toFixed());
}

export interface DefaultExplorer {
  readonly url: string;
  readonly addressTemplate: string;
  readonly transactionTemplate: string;
}

/** The default crypto networks are test networks, so their explorers are the testnet ones. */
const explorers = {
  TRX: {
    url: 'https://nile.tronscan.org',
    addressTemplate: '%explorer_url%/#/address/%address%',
    transactionTemplate: '%explorer_url%/#/transaction/%txid%',
  },
  ETH: {
    url: 'https://sepolia.etherscan.io',
    addressTemplate: '%explorer_url%/address/%address%',
    transactionTemplate: '%explorer_url%/tx/%txid%',
  },
  BSC: {
    url: 'https://testnet.bscscan.com',
    addressTemplate: '%explorer_url%/address/%address%',
    transactionTemplate: '%explorer_url%/tx/%txid%',
  },
  TON: {
    url: 'https://testnet.tonviewer.com',
    addressTemplate: '%explorer_url%/%address%',
    transactionTemplate: '%explorer_url%/transaction/%txid%',
  },
  BTC: {
    url: 'https://mempool.space/testnet4',
    addressTemplate: '%explorer_url%/address/%address%',
    transactionTemplate: '%explorer_url%/tx/%txid%',
  },
  LTC: {
    url: 'https://litecoinspace.org/testnet',
    addressTemplate: '%explorer_url%/address/%address%',
    transactionTemplate: '%explorer_url%/tx/%txid%',
  },
} as const satisfies Record<string, DefaultExplorer>;

type NetworkId = keyof typeof explorers;

export interface DefaultNetwork {
  readonly network: NetworkId;
  readonly name: string;
  readonly protocol: 'TRC20' | 'ERC20' | 'BEP20' | 'TON' | 'BTC' | 'LTC';
  readonly withdrawMin: string;
  /** "0" means no upper bound. */
  readonly withdrawMax: string;
  readonly withdrawFee: string;
  readonly maxFee: string;
  readonly explorer: DefaultExplorer;
}

export interface DefaultCryptoAsset {
  readonly code: string;
  readonly name: string;
  readonly url: string;
  readonly decimals: number;
  readonly isStablecoin: boolean;
  readonly networks: readonly DefaultNetwork[];
  readonly marketMin: string;
  readonly marketMax: string;
}

export interface DefaultFiatAsset {
  readonly code: string;
  readonly name: string;
  readonly symbol: string;
  readonly marketMin: string;
  readonly marketMax: string;
}

/** Market fee of every crypto asset, in percent (spec 000 §9: "1 for every crypto asset"). */
export const defaultMarketFeePercent = '1';

/** Fiat amounts are held with 8 decimals and shown with 2 (spec 000 §3, §9). */
export const fiatDecimals = 8;
export const fiatViewDecimals = 2;

/** Spec 000 §9: 2 for stablecoins, 4 for other crypto. */
export function cryptoViewDecimals(isStablecoin: boolean): number {
  return isStablecoin ? 2 : 4;
}

/**
 * Decimals of the full (detail) view, to which amounts round down. Stablecoins: 6, a millionth of
 * a dollar, the native precision of USDT and USDC on most chains. Other crypto: every decimal up
 * to 9 (nanoton, a gwei of ETH, all 8 of BTC); beyond that only dust.
 */
export function cryptoViewFullDecimals(decimals: number, isStablecoin: boolean): number {
  return Math.min(decimals, isStablecoin ? 6 : 9);
}

const usdtDecimals = 18;
const usdcDecimals = 18;
const jetDecimals = 9;

function stablecoinNetwork(network: 'TRX' | 'ETH' | 'BSC', decimals: number, fee: string): DefaultNetwork {
  const names = { TRX: 'Tron (TRC20)', ETH: 'Ethereum (ERC20)', BSC: 'BNB Smart Chain (BEP20)' } as const;
  const protocols = { TRX: 'TRC20', ETH: 'ERC20', BSC: 'BEP20' } as const;
  return {
    network,
    name: names[network],
    protocol: protocols[network],
    withdrawMin: scaled('0.01', decimals),
    withdrawMax: '0',
    withdrawFee: scaled(fee, decimals),
    maxFee: scaled('0.01', decimals),
    explorer: explorers[network],
  };
}

export const defaultCryptoAssets: readonly DefaultCryptoAsset[] = [
  {
    code: 'USDT',
    name: 'Tether',
    url: 'https://tether.to',
    decimals: usdtDecimals,
    isStablecoin: true,
    // Spec: "fee 1 to 1.5 token units": 1 on the cheap chains, 1.5 on Ethereum.
    networks: [
      stablecoinNetwork('TRX', usdtDecimals, '1'),
      stablecoinNetwork('ETH', usdtDecimals, '1.5'),
      stablecoinNetwork('BSC', usdtDecimals, '1'),
    ],
    marketMin: integer('1e18'),
    marketMax: integer('5e22'),
  },
  {
    code: 'TON',
    name: 'Toncoin',
    url: 'https://ton.org',
    decimals: 9,
    isStablecoin: false,
    networks: [
      {
        network: 'TON',
        name: 'TON',
        protocol: 'TON',
        withdrawMin: '500000',
        withdrawMax: '0',
        withdrawFee: '100000000',
        maxFee: scaled('0.5', 9),
        explorer: explorers.TON,
      },
    ],
    marketMin: integer('3e9'),
    marketMax: integer('1e14'),
  },
  {
    code: 'BTC',
    name: 'Bitcoin',
    url: 'https://bitcoin.org',
    decimals: 8,
    isStablecoin: false,
    networks: [
      {
        network: 'BTC',
        name: 'Bitcoin',
        protocol: 'BTC',
        withdrawMin: '10000',
        withdrawMax: '500000000',
        withdrawFee: '1000',
        maxFee: scaled('0.00001', 8),
        explorer: explorers.BTC,
      },
    ],
    marketMin: '5000',
    marketMax: '50000000',
  },
  {
    code: 'LTC',
    name: 'Litecoin',
    url: 'https://litecoin.org',
    decimals: 8,
    isStablecoin: false,
    networks: [
      {
        network: 'LTC',
        name: 'Litecoin',
        protocol: 'LTC',
        withdrawMin: '1000000',
        withdrawMax: '300000000000',
        withdrawFee: '100000',
        maxFee: scaled('0.00001', 8),
        explorer: explorers.LTC,
      },
    ],
    marketMin: scaled('0.05', 8),
    marketMax: scaled('500', 8),
  },
  {
    code: 'ETH',
    name: 'Ethereum',
    url: 'https://ethereum.org',
    decimals: 18,
    isStablecoin: false,
    networks: [
      {
        network: 'ETH',
        name: 'Ethereum (ERC20)',
        protocol: 'ERC20',
        withdrawMin: '500000000000000',
        withdrawMax: '0',
        withdrawFee: '5000000000000000',
        maxFee: scaled('0.005', 18),
        explorer: explorers.ETH,
      },
    ],
    marketMin: integer('1e16'),
    marketMax: integer('3e19'),
  },
  {
    code: 'BNB',
    name: 'BNB',
    url: 'https://www.bnbchain.org',
    decimals: 18,
    isStablecoin: false,
    networks: [
      {
        network: 'BSC',
        name: 'BNB Smart Chain (BEP20)',
        protocol: 'BEP20',
        withdrawMin: '1000000000000000',
        withdrawMax: '0',
        withdrawFee: '5000000000000000',
        maxFee: scaled('0.01', 18),
        explorer: explorers.BSC,
      },
    ],
    marketMin: scaled('0.01', 18),
    marketMax: scaled('100', 18),
  },
  {
    code: 'TRX',
    name: 'TRON',
    url: 'https://tron.network',
    decimals: 6,
    isStablecoin: false,
    networks: [
      {
        network: 'TRX',
        name: 'Tron (TRC20)',
        protocol: 'TRC20',
        withdrawMin: '20000000',
        withdrawMax: '0',
        withdrawFee: '5000000',
        maxFee: scaled('5', 6),
        explorer: explorers.TRX,
      },
    ],
    marketMin: scaled('10', 6),
    marketMax: scaled('200000', 6),
  },
  {
    code: 'USDC',
    name: 'USD Coin',
    url: 'https://www.circle.com/usdc',
    decimals: usdcDecimals,
    isStablecoin: true,
    networks: [stablecoinNetwork('ETH', usdcDecimals, '1.5'), stablecoinNetwork('BSC', usdcDecimals, '1')],
    marketMin: scaled('1', usdcDecimals),
    marketMax: scaled('50000', usdcDecimals),
  },
  {
    code: 'JET',
    name: 'JetTon',
    url: 'https://jetton.io',
    decimals: jetDecimals,
    isStablecoin: true,
    networks: [
      {
        network: 'TON',
        name: 'TON',
        protocol: 'TON',
        withdrawMin: scaled('0.01', jetDecimals),
        withdrawMax: '0',
        withdrawFee: scaled('0.1', jetDecimals),
        maxFee: scaled('0.01', jetDecimals),
        explorer: explorers.TON,
      },
    ],
    marketMin: scaled('1', jetDecimals),
    marketMax: scaled('50000', jetDecimals),
  },
];

/** Market limits: given by the spec for RUB, USD and EUR; about 2 and 100 000 USD elsewhere. */
function fiat(code: string, name: string, symbol: string, min: string, max: string): DefaultFiatAsset {
  return { code, name, symbol, marketMin: scaled(min, fiatDecimals), marketMax: scaled(max, fiatDecimals) };
}

export const defaultFiatAssets: readonly DefaultFiatAsset[] = [
  { code: 'RUB', name: 'Russian ruble', symbol: '₽', marketMin: integer('1e10'), marketMax: integer('5e14') },
  { code: 'USD', name: 'US dollar', symbol: '$', marketMin: integer('2e8'), marketMax: integer('1e13') },
  { code: 'EUR', name: 'Euro', symbol: '€', marketMin: integer('2e8'), marketMax: integer('1e13') },
  fiat('BYN', 'Belarusian ruble', 'Br', '10', '300000'),
  fiat('UAH', 'Ukrainian hryvnia', '₴', '100', '4000000'),
  fiat('GBP', 'Pound sterling', '£', '2', '80000'),
  fiat('CNY', 'Chinese yuan', '¥', '15', '700000'),
  fiat('KZT', 'Kazakhstani tenge', '₸', '1000', '50000000'),
  fiat('UZS', 'Uzbekistani soʻm', 'soʻm', '25000', '1300000000'),
  fiat('GEL', 'Georgian lari', '₾', '5', '270000'),
  fiat('TRY', 'Turkish lira', '₺', '100', '4000000'),
  fiat('AMD', 'Armenian dram', '֏', '1000', '40000000'),
  fiat('THB', 'Thai baht', '฿', '100', '3300000'),
  fiat('INR', 'Indian rupee', '₹', '200', '9000000'),
  fiat('BRL', 'Brazilian real', 'R$', '10', '550000'),
  fiat('IDR', 'Indonesian rupiah', 'Rp', '30000', '1650000000'),
  fiat('AZN', 'Azerbaijani manat', '₼', '5', '170000'),
  fiat('AED', 'UAE dirham', 'Dh', '10', '370000'),
  fiat('PLN', 'Polish złoty', 'zł', '10', '370000'),
  fiat('ILS', 'Israeli new shekel', '₪', '10', '330000'),
  // Spec: "KGS is shown by code, not symbol" (the som sign ⃀ is missing from most fonts).
  fiat('KGS', 'Kyrgyzstani som', 'KGS', '200', '8700000'),
  fiat('TJS', 'Tajikistani somoni', 'SM', '20', '950000'),
];
