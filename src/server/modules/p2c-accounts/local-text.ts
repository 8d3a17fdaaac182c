import type { P2cAccountStatus } from '../../../contract/p2c';
import type { AccountDecision } from './support';

/** The words of support's local payment accounts page, in the two languages of the app. */
export interface AccountsPageText {
  readonly title: string;
  readonly notice: string;
  readonly back: string;
  readonly waiting: string;
  readonly all: string;
  readonly none: string;
  readonly account: string;
  readonly noSuchAccount: string;
  readonly owner: string;
  readonly kind: string;
  readonly kinds: Readonly<Record<'card' | 'account', string>>;
  readonly bank: string;
  readonly number: string;
  readonly holder: string;
  readonly created: string;
  readonly lastNote: string;
  readonly documents: string;
  readonly noDocuments: string;
  readonly documentStatuses: Readonly<Record<'uploaded' | 'completed' | 'rejected', string>>;
  readonly decision: string;
  readonly note: string;
  readonly notWaiting: string;
  readonly invalid: string;
  readonly otherSite: string;
  readonly statuses: Readonly<Record<P2cAccountStatus, string>>;
  readonly decisions: Readonly<Record<AccountDecision, string>>;
}

const en: AccountsPageText = {
  title: 'P2C payment accounts (local)',
  notice: 'Local stand-in of the operator area: whoever opens this page acts as support for merchants’ accounts.',
  back: 'Compliance operator page',
  waiting: 'Waiting for a decision',
  all: 'Latest changes',
  none: 'None.',
  account: 'Account',
  noSuchAccount: 'No account with this number.',
  owner: 'Merchant',
  kind: 'Kind',
  kinds: { card: 'Card', account: 'Bank account' },
  bank: 'Bank',
  number: 'Number',
  holder: 'Holder',
  created: 'Added',
  lastNote: 'Last note',
  documents: 'Documents',
  noDocuments: 'No documents yet.',
  documentStatuses: { uploaded: 'new', completed: 'accepted', rejected: 'rejected' },
  decision: 'Decision',
  note: 'Note to the merchant',
  notWaiting: 'This account is not waiting for support.',
  invalid: 'Choose a decision and keep the note under 1000 characters.',
  otherSite: 'This form was sent from another site, so nothing was done.',
  statuses: {
    created: 'Created',
    pending: 'Submitted',
    active: 'Active',
    disabled: 'Disabled',
    requested_verification: 'Documents requested',
    under_verification: 'Under review',
    rejected: 'Rejected',
  },
  decisions: {
    review: 'Start review',
    approve: 'Approve',
    reject: 'Reject',
    request_documents: 'Ask for documents',
  },
};

const ru: AccountsPageText = {
  title: 'Счета P2C (локально)',
  notice: 'Локальная замена операторской: кто открыл эту страницу, действует как поддержка по счетам мерчантов.',
  back: 'Страница комплаенс-оператора',
  waiting: 'Ждут решения',
  all: 'Последние изменения',
  none: 'Нет.',
  account: 'Счёт',
  noSuchAccount: 'Счёта с таким номером нет.',
  owner: 'Мерчант',
  kind: 'Вид',
  kinds: { card: 'Карта', account: 'Банковский счёт' },
  bank: 'Банк',
  number: 'Номер',
  holder: 'Владелец',
  created: 'Добавлен',
  lastNote: 'Последний комментарий',
  documents: 'Документы',
  noDocuments: 'Документов пока нет.',
  documentStatuses: { uploaded: 'новый', completed: 'принят', rejected: 'отклонён' },
  decision: 'Решение',
  note: 'Комментарий для мерчанта',
  notWaiting: 'Этот счёт не ждёт решения поддержки.',
  invalid: 'Выберите решение; комментарий — не длиннее 1000 символов.',
  otherSite: 'Форма отправлена с другого сайта, поэтому ничего не сделано.',
  statuses: {
    created: 'Создан',
    pending: 'Отправлен на проверку',
    active: 'Активен',
    disabled: 'Отключён',
    requested_verification: 'Запрошены документы',
    under_verification: 'На проверке',
    rejected: 'Отклонён',
  },
  decisions: {
    review: 'Взять на проверку',
    approve: 'Одобрить',
    reject: 'Отклонить',
    request_documents: 'Запросить документы',
  },
};

export function accountsPageText(language: 'en' | 'ru'): AccountsPageText {
  return language === 'ru' ? ru : en;
}
