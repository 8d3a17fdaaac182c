import type { ComplianceRequestKind, DocumentStatus, DocumentType } from '../../../contract/compliance';
import type { OperatorActionName } from '../../../contract/operator';

/** The local operator page's words, in the two languages of the app. */
export interface OperatorPageText {
  readonly title: string;
  readonly notice: string;
  /** The link to support's verified-merchant applications (p2p-merchant/local-page.ts). */
  readonly merchantApplications: string;
  /** The link to support's P2P disputes (p2p-disputes/local-page.ts). */
  readonly disputes: string;
  /** The links to support's P2C accounts and payments (p2c-accounts, p2c-merchant-payments). */
  readonly p2cAccounts: string;
  readonly p2cPayments: string;
  readonly userId: string;
  readonly lookUp: string;
  readonly noSuchUser: string;
  readonly compliance: string;
  readonly lock: string;
  readonly ban: string;
  readonly banReason: string;
  readonly softBanUntil: string;
  readonly pendingActions: string;
  readonly yes: string;
  readonly no: string;
  readonly request: string;
  readonly kinds: Readonly<Record<ComplianceRequestKind, string>>;
  readonly message: string;
  readonly level: string;
  readonly documents: string;
  readonly noDocuments: string;
  readonly types: Readonly<Record<DocumentType, string>>;
  readonly statuses: Readonly<Record<DocumentStatus, string>>;
  readonly openFile: string;
  readonly comment: string;
  readonly approve: string;
  readonly reject: string;
  readonly requestDocuments: string;
  readonly documentType: string;
  readonly requestVerification: string;
  readonly closeRequest: string;
  readonly restrictions: string;
  readonly setLock: string;
  readonly setBan: string;
  readonly softBanHint: string;
  readonly reason: string;
  readonly apply: string;
  readonly send: string;
  readonly log: string;
  readonly noActions: string;
  readonly actions: Readonly<Record<OperatorActionName, string>>;
  readonly byStandIn: string;
  readonly invalidForm: string;
  readonly otherSite: string;
  readonly back: string;
}

const en: OperatorPageText = {
  title: 'Compliance operator (local)',
  notice:
    'Local mode: anyone here acts as a compliance operator for any user. The same actions as the operator API, recorded in the log.',
  merchantApplications: 'Verified merchant applications',
  disputes: 'P2P disputes',
  p2cAccounts: 'P2C payment accounts',
  p2cPayments: 'P2C payments',
  userId: 'User id',
  lookUp: 'Look up',
  noSuchUser: 'No user with this id.',
  compliance: 'Restrictions',
  lock: 'Money locked',
  ban: 'Banned',
  banReason: 'Ban reason (shown to the person)',
  softBanUntil: 'Soft ban until',
  pendingActions: 'Waiting for the person',
  yes: 'yes',
  no: 'no',
  request: 'Compliance request',
  kinds: {
    inactive: 'None',
    pending: 'Pending review',
    verification_requested: 'Verification requested',
    documents_requested: 'Documents requested',
  },
  message: 'Message to the person',
  level: 'Level',
  documents: 'Documents',
  noDocuments: 'No documents yet.',
  types: {
    passport: 'Passport',
    id_card: 'ID card',
    driving_licence: 'Driving licence',
    proof_of_address: 'Proof of address',
    selfie: 'Selfie',
    source_of_funds: 'Source of funds',
    bank_statement: 'Bank statement',
    other: 'Other',
  },
  statuses: { approved: 'Approved', rejected: 'Rejected', on_review: 'On review', requested: 'Requested' },
  openFile: 'Open the file',
  comment: 'Comment for the person',
  approve: 'Approve',
  reject: 'Reject',
  requestDocuments: 'Request a document',
  documentType: 'Document',
  requestVerification: 'Request verification',
  closeRequest: 'Close the request',
  restrictions: 'Set or lift restrictions',
  setLock: 'Lock money',
  setBan: 'Ban',
  softBanHint: 'Empty lifts the soft ban.',
  reason: 'Reason (for the log)',
  apply: 'Apply',
  send: 'Send',
  log: 'Action log',
  noActions: 'No actions yet.',
  actions: {
    request_documents: 'Documents requested',
    request_verification: 'Verification requested',
    close_request: 'Request closed',
    approve_document: 'Document approved',
    reject_document: 'Document rejected',
    lock: 'Locked',
    unlock: 'Unlocked',
    ban: 'Banned',
    unban: 'Unbanned',
    soft_ban: 'Soft ban',
    lift_soft_ban: 'Soft ban lifted',
  },
  byStandIn: 'this page',
  invalidForm: 'The form is not valid: a reason is required, and a rejection needs a comment.',
  otherSite: 'The form was posted from another site.',
  back: 'Back',
};

const ru: OperatorPageText = {
  title: 'Оператор комплаенса (локально)',
  notice:
    'Локальный режим: здесь любой действует как оператор комплаенса для любого пользователя. Те же действия, что в API оператора, с записью в журнал.',
  merchantApplications: 'Заявки верифицированных мерчантов',
  disputes: 'Споры P2P',
  p2cAccounts: 'Счета P2C',
  p2cPayments: 'Платежи P2C',
  userId: 'ID пользователя',
  lookUp: 'Найти',
  noSuchUser: 'Пользователя с таким ID нет.',
  compliance: 'Ограничения',
  lock: 'Средства заблокированы',
  ban: 'Заблокирован',
  banReason: 'Причина блокировки (её видит пользователь)',
  softBanUntil: 'Временная блокировка до',
  pendingActions: 'Ждём действий пользователя',
  yes: 'да',
  no: 'нет',
  request: 'Запрос комплаенса',
  kinds: {
    inactive: 'Нет',
    pending: 'На проверке',
    verification_requested: 'Запрошена верификация',
    documents_requested: 'Запрошены документы',
  },
  message: 'Сообщение пользователю',
  level: 'Уровень',
  documents: 'Документы',
  noDocuments: 'Документов пока нет.',
  types: {
    passport: 'Паспорт',
    id_card: 'Удостоверение личности',
    driving_licence: 'Водительское удостоверение',
    proof_of_address: 'Подтверждение адреса',
    selfie: 'Селфи',
    source_of_funds: 'Источник средств',
    bank_statement: 'Банковская выписка',
    other: 'Другое',
  },
  statuses: { approved: 'Одобрен', rejected: 'Отклонён', on_review: 'На проверке', requested: 'Запрошен' },
  openFile: 'Открыть файл',
  comment: 'Комментарий для пользователя',
  approve: 'Одобрить',
  reject: 'Отклонить',
  requestDocuments: 'Запросить документ',
  documentType: 'Документ',
  requestVerification: 'Запросить верификацию',
  closeRequest: 'Закрыть запрос',
  restrictions: 'Установить или снять ограничения',
  setLock: 'Заблокировать средства',
  setBan: 'Заблокировать аккаунт',
  softBanHint: 'Пустое поле снимает временную блокировку.',
  reason: 'Причина (для журнала)',
  apply: 'Применить',
  send: 'Отправить',
  log: 'Журнал действий',
  noActions: 'Действий пока нет.',
  actions: {
    request_documents: 'Запрошены документы',
    request_verification: 'Запрошена верификация',
    close_request: 'Запрос закрыт',
    approve_document: 'Документ одобрен',
    reject_document: 'Документ отклонён',
    lock: 'Средства заблокированы',
    unlock: 'Средства разблокированы',
    ban: 'Аккаунт заблокирован',
    unban: 'Аккаунт разблокирован',
    soft_ban: 'Временная блокировка',
    lift_soft_ban: 'Временная блокировка снята',
  },
  byStandIn: 'эта страница',
  invalidForm: 'Форма заполнена неверно: нужна причина, а для отклонения — комментарий.',
  otherSite: 'Форма отправлена с другого сайта.',
  back: 'Назад',
};

export function operatorPageText(language: 'en' | 'ru'): OperatorPageText {
  return language === 'ru' ? ru : en;
}
