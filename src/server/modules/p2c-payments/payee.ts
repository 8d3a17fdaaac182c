import type { P2cPayee } from '../../../contract/p2c';
import { parseP2cQrLink } from '../../../contract/p2c-qr-link';
import type { Language } from '../../../contract/settings';
import { p2cBankOfMember } from '../p2c-accounts/banks';

/**
 * The payee's bank in the caller's language. The payment system gives the name once, as the shop
 * wrote it ("Sberbank" to a Russian reader too), but a code's link carries the bank's member id,
 * which names it from the merchants' bank list in either language; a link without one, or a bank
 * not on the list, keeps the name as given.
 */
export function payeeBankName(link: string, given: string, language: Language): string {
  const parsed = parseP2cQrLink(link);
  const member = parsed.ok ? parsed.link.bank : null;
  return (member === null ? undefined : p2cBankOfMember(member, language)?.name) ?? given;
}

/** The payee as the caller reads it: the shop's name as given, the bank by {@link payeeBankName}. */
export function payeeIn(link: string, given: P2cPayee, language: Language): P2cPayee {
  return { name: given.name, bank_name: payeeBankName(link, given.bank_name, language) };
}
