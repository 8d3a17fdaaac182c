/**
 * The reference price table seeded with the catalogue: what one whole unit is worth in US dollars
 * (crypto) and how many units one US dollar buys (fiat), rounded market levels of November 2026.
 * A live feed later replaces the stored rows; the seed never overwrites a stored price.
 */
export const referencePriceSource = 'reference-2026-11';
export const referencePriceObservedAt = new Date('2026-11-01T00:00:00Z');

export const referenceUsdPrices: Readonly<Record<string, string>> = {
  USDT: '1',
  TON: '3.1',
  BTC: '95000',
  LTC: '95',
  ETH: '3400',
  BNB: '900',
  TRX: '0.29',
  USDC: '1',
  // The spec marks JET a stablecoin, so it is priced at one dollar.
  JET: '1',
};

export const referenceUnitsPerUsd: Readonly<Record<string, string>> = {
  RUB: '81',
  USD: '1',
  EUR: '0.86',
  BYN: '3',
  UAH: '41.8',
  GBP: '0.76',
  CNY: '7.1',
  KZT: '520',
  UZS: '12000',
  GEL: '2.7',
  TRY: '42',
  AMD: '383',
  THB: '32.5',
  INR: '88.5',
  BRL: '5.35',
  IDR: '16650',
  AZN: '1.7',
  AED: '3.6725',
  PLN: '3.65',
  ILS: '3.25',
  KGS: '87.4',
  TJS: '9.3',
};
