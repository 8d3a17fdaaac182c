import type { P2cBank } from '../../../contract/p2c';
import type { Language } from '../../../contract/settings';

/**
 * The banks a merchant's account or card may be at (docs/p2c.md "Banks"): a fixed list of the
 * larger Russian banks, since every code is paid in roubles from a Russian bank. Names are proper
 * nouns, but each bank writes its own in Latin and in Cyrillic letters, so an answer carries the
 * form of the caller's language. `member` is the bank's member id at the national payment system
 * (the `bank` of an NSPK code link), which names the payee's bank of a code the same way.
 */
const banks = [
  { id: 'sber', member: '100000000111', en: 'Sberbank', ru: 'Сбербанк' },
  { id: 'tinkoff', member: '100000000004', en: 'T-Bank', ru: 'Т-Банк' },
  { id: 'alfa', member: '100000000008', en: 'Alfa-Bank', ru: 'Альфа-Банк' },
  { id: 'vtb', member: '100000000005', en: 'VTB', ru: 'ВТБ' },
  { id: 'gazprombank', member: '100000000001', en: 'Gazprombank', ru: 'Газпромбанк' },
  { id: 'raiffeisen', member: '100000000007', en: 'Raiffeisenbank', ru: 'Райффайзенбанк' },
  { id: 'rshb', member: '100000000020', en: 'Rosselkhozbank', ru: 'Россельхозбанк' },
  { id: 'sovcombank', member: '100000000013', en: 'Sovcombank', ru: 'Совкомбанк' },
  { id: 'psb', member: '100000000010', en: 'PSB', ru: 'ПСБ' },
  { id: 'pochtabank', member: '100000000016', en: 'Pochta Bank', ru: 'Почта Банк' },
  { id: 'mkb', member: '100000000025', en: 'MKB', ru: 'МКБ' },
  { id: 'ozon', member: '100000000273', en: 'Ozon Bank', ru: 'Озон Банк' },
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

/** The bank with this payment-system member id (an NSPK link's `bank`) named in `language`, or null for one not on the list. */
export function p2cBankOfMember(member: string, language: Language): P2cBank | null {
  const bank = banks.find((known) => known.member === member);
  return bank === undefined ? null : { id: bank.id, name: bank[language] };
}
