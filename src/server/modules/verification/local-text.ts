/** The words of verification's local stand-in pages, in the two languages of the app. */
export interface LocalPagesText {
  readonly localNotice: string;
  readonly phoneTitle: string;
  readonly phoneHeading: (bot: string) => string;
  readonly phoneExplain: string;
  readonly phoneLabel: string;
  readonly phoneShare: string;
  readonly phoneShared: string;
  readonly phoneSharedText: string;
  readonly phoneDoneAlready: (masked: string) => string;
  readonly signInFirst: string;
  readonly signInFirstText: string;
  readonly reviewTitle: string;
  readonly reviewExplain: string;
  readonly reviewEmpty: string;
  readonly user: string;
  readonly submitted: string;
  readonly reasonLabel: string;
  readonly approve: string;
  readonly reject: string;
  readonly openFile: string;
  readonly stepNames: Readonly<Record<'SUMSUB_BASIC' | 'SUMSUB_ADDRESS' | 'SUMSUB_VIDEO', string>>;
  readonly errorTitle: string;
  readonly invalidForm: string;
  readonly invalidPhone: string;
  readonly reasonRequired: string;
  readonly otherSite: string;
  readonly alreadyDecided: string;
  readonly stepUnavailable: string;
  readonly back: string;
}

const en: LocalPagesText = {
  localNotice: 'Local mode: a stand-in for what Telegram or the identity provider would do.',
  phoneTitle: 'Share your phone number (local)',
  phoneHeading: (bot) => `Share your phone number with @${bot}`,
  phoneExplain:
    'In Telegram you would press “Share contact” in the bot’s chat. Here you type the number the bot would receive.',
  phoneLabel: 'Phone number',
  phoneShare: 'Share contact',
  phoneShared: 'Phone number shared',
  phoneSharedText: 'The bot has your number. Return to the wallet: the step completes within a few seconds.',
  phoneDoneAlready: (masked) => `Your phone number ${masked} is verified already.`,
  signInFirst: 'Sign in first',
  signInFirstText: 'Open this page from the web wallet you are signed in to.',
  reviewTitle: 'Identity provider (local)',
  reviewExplain: 'Documents sent for review. Look at the files, then approve or reject each step with a reason.',
  reviewEmpty: 'Nothing waits for review.',
  user: 'User',
  submitted: 'Sent',
  reasonLabel: 'Reason (shown to the person; required to reject)',
  approve: 'Approve',
  reject: 'Reject',
  openFile: 'Open',
  stepNames: { SUMSUB_BASIC: 'Passport', SUMSUB_ADDRESS: 'Proof of address', SUMSUB_VIDEO: 'Video selfie' },
  errorTitle: 'Not done',
  invalidForm: 'The form is not valid.',
  invalidPhone: 'Type a phone number in international format, such as +44 20 7946 0000.',
  reasonRequired: 'Give a reason to reject.',
  otherSite: 'The form was posted from another site.',
  alreadyDecided: 'This submission was decided already.',
  stepUnavailable: 'The phone number step cannot be taken now.',
  back: 'Back',
};

const ru: LocalPagesText = {
  localNotice: 'Локальный режим: замена того, что сделали бы Telegram или сервис проверки личности.',
  phoneTitle: 'Отправьте номер телефона (локально)',
  phoneHeading: (bot) => `Отправьте номер телефона боту @${bot}`,
  phoneExplain:
    'В Telegram вы нажали бы «Поделиться контактом» в чате с ботом. Здесь введите номер, который получил бы бот.',
  phoneLabel: 'Номер телефона',
  phoneShare: 'Поделиться контактом',
  phoneShared: 'Номер отправлен',
  phoneSharedText: 'Бот получил ваш номер. Вернитесь в кошелёк: шаг завершится через несколько секунд.',
  phoneDoneAlready: (masked) => `Ваш номер ${masked} уже подтверждён.`,
  signInFirst: 'Сначала войдите',
  signInFirstText: 'Откройте эту страницу из веб-кошелька, в который вы вошли.',
  reviewTitle: 'Сервис проверки личности (локально)',
  reviewExplain: 'Документы на проверке. Посмотрите файлы и одобрите или отклоните каждый шаг с указанием причины.',
  reviewEmpty: 'Проверки ничего не ждёт.',
  user: 'Пользователь',
  submitted: 'Отправлено',
  reasonLabel: 'Причина (её увидит пользователь; обязательна при отклонении)',
  approve: 'Одобрить',
  reject: 'Отклонить',
  openFile: 'Открыть',
  stepNames: { SUMSUB_BASIC: 'Паспорт', SUMSUB_ADDRESS: 'Подтверждение адреса', SUMSUB_VIDEO: 'Видеоселфи' },
  errorTitle: 'Не выполнено',
  invalidForm: 'Форма заполнена неверно.',
  invalidPhone: 'Введите номер в международном формате, например +7 912 345-67-89.',
  reasonRequired: 'Укажите причину отклонения.',
  otherSite: 'Форма отправлена с другого сайта.',
  alreadyDecided: 'По этой заявке уже принято решение.',
  stepUnavailable: 'Шаг с номером телефона сейчас недоступен.',
  back: 'Назад',
};

export function localPagesText(language: 'en' | 'ru'): LocalPagesText {
  return language === 'ru' ? ru : en;
}
