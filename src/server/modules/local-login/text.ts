/** The stand-in page's words, in the two languages of the app. */
export interface PageText {
  readonly title: string;
  readonly heading: (host: string) => string;
  readonly notice: string;
  readonly bot: (username: string) => string;
  readonly pickUser: string;
  readonly noUsers: string;
  readonly logIn: string;
  readonly openMiniApp: string;
  readonly locked: string;
  readonly banned: string;
  readonly createUser: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly username: string;
  readonly language: string;
  readonly lock: string;
  readonly ban: string;
  readonly banReason: string;
  readonly createAndLogIn: string;
  readonly returnForm: string;
  readonly returnHash: string;
  readonly returnQuery: string;
  readonly errorTitle: string;
}

const en: PageText = {
  title: 'Telegram Login (local)',
  heading: (host) => `Log in to ${host}`,
  notice: 'Local mode: a stand-in for Telegram’s login page. The data is signed with this server’s bot token.',
  bot: (username) => `via @${username}`,
  pickUser: 'Choose an account',
  noUsers: 'No users yet. Create one below.',
  logIn: 'Log in',
  openMiniApp: 'Open as a mini app',
  locked: 'money locked',
  banned: 'banned',
  createUser: 'Create a test user',
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  language: 'Language',
  lock: 'Compliance lock (money locked)',
  ban: 'Ban',
  banReason: 'Ban reason',
  createAndLogIn: 'Create and log in',
  returnForm: 'Return the result as',
  returnHash: 'Hash result (#tgAuthResult=…)',
  returnQuery: 'Query parameters (?id=…&hash=…)',
  errorTitle: 'This login link is not valid',
};

const ru: PageText = {
  title: 'Вход через Telegram (локально)',
  heading: (host) => `Вход на ${host}`,
  notice: 'Локальный режим: замена страницы входа Telegram. Данные подписаны токеном бота этого сервера.',
  bot: (username) => `через @${username}`,
  pickUser: 'Выберите аккаунт',
  noUsers: 'Пользователей пока нет. Создайте ниже.',
  logIn: 'Войти',
  openMiniApp: 'Открыть как мини-приложение',
  locked: 'средства заблокированы',
  banned: 'заблокирован',
  createUser: 'Создать тестового пользователя',
  firstName: 'Имя',
  lastName: 'Фамилия',
  username: 'Имя пользователя',
  language: 'Язык',
  lock: 'Комплаенс-блокировка (средства заблокированы)',
  ban: 'Бан',
  banReason: 'Причина бана',
  createAndLogIn: 'Создать и войти',
  returnForm: 'Вернуть результат как',
  returnHash: 'Результат в хеше (#tgAuthResult=…)',
  returnQuery: 'Параметры запроса (?id=…&hash=…)',
  errorTitle: 'Эта ссылка для входа недействительна',
};

/** Russian when Accept-Language prefers Russian to English, English otherwise. */
export function pageLanguage(acceptLanguage: string | undefined): 'en' | 'ru' {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => (entry.language === 'en' || entry.language === 'ru') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language === 'ru' ? 'ru' : 'en';
}

export function pageText(language: 'en' | 'ru'): PageText {
  return language === 'ru' ? ru : en;
}
