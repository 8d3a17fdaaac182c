import type { P2cBank } from '../../../contract/p2c';
import type { Language } from '../../../contract/settings';

/**
 * The banks a merchant's account or card may be at (docs/p2c.md "Banks"): a fixed list of the
 * larger Russian banks, since every code is paid in roubles from a Russian bank. Names are proper
 * nouns, but each bank writes its own in Latin and in Cyrillic letters, so an answer carries the
 * form of the caller's language.
 */
const banks = [
  { id: 'sber', en: 'Sberbank', ru: 'Сбербанк' },
  { id: 'tinkoff', en: 'T-Bank', ru: 'Т-Банк' },
  { id: 'alfa', en: 'Alfa-Bank', ru: 'Альфа-Банк' },
  { id: 'vtb', en: 'VTB', ru: 'ВТБ' },
  { id: 'gazprombank', en: 'Gazprombank', ru: 'Газпромбанк' },
  { id: 'raiffeisen', en: 'Raiffeisenbank', ru: 'Райффайзенбанк' },
  { id: 'rshb', en: 'Rosselkhozbank', ru: 'Россельхозбанк' },
  { id: 'sovcombank', en: 'Sovcombank', ru: 'Совкомбанк' },
  { id: 'psb', en: 'PSB', ru: 'ПСБ' },
  { id: 'pochtabank', en: 'Pochta Bank', ru: 'Почта Банк' },
  { id: 'mkb', en: 'MKB', ru: 'МКБ' },
  { id: 'ozon', en: 'Ozon Bank', ru: 'Озон Банк' },
] as const;

export type P2cBankId = (typeof banks)[number]['id'];

/** Every bank, in the list's order, named in `language`. */
export function p2cBanks(language: Language): P2cBank[] {
  return banks.map((bank) => ({ id: bank.id, name: bank[language] }));
}

/** The bank with this id named in `language`, or null for an id not on the list. */
export function p2cBankOf(id: string, language: Language): P2cBank | null {
  const bank = banks.find((known) => known.id === id);
  return bank === undefined ? null : { id: bank.id, name: bank[language] };
}
