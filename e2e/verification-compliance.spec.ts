import type { Locator, Page } from '@playwright/test';
import { Operator, OperatorStandIn } from './support/operator.ts';
import { pressMainAction, type Surface } from './support/screenActions.ts';
import { signInThroughStandIn } from './support/standIn.ts';
import { miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';
import {
  bankStatementImage,
  type Language,
  newTelegramUserId,
  signedInUserId,
  verificationText,
} from './support/verification.ts';

// Issue 11: a compliance operator (OPERATOR_IDS, through the operator API) asks a person for
// documents; the person finds the request on /compliance from the home's notice, uploads the
// files, the operator approves one and rejects another; the documents list shows every status in
// its colour (approved good, rejected bad, on review gray, requested warning), updating by itself.

// A step that does not come fails in 10 s, not at the test's end.
test.use({ actionTimeout: 10_000 });

const words = {
  en: {
    notice: /^Compliance needs something from you/,
    documentsRequested: 'Documents requested',
    message: 'Message from compliance: Please send these for our yearly review.',
    documents: 'Documents',
    bankStatement: 'Bank statement',
    proofOfAddress: 'Proof of address',
    sourceOfFunds: 'Source of funds',
    selfie: 'Selfie with your document',
    approved: 'Approved',
    rejected: 'Rejected',
    onReview: 'On review',
    requested: 'Requested',
    rejectionShown: 'Compliance: The statement is older than 3 months.',
  },
  ru: {
    notice: /^Комплаенсу нужно/,
    documentsRequested: 'Запрошены документы',
    message: 'Сообщение от комплаенса: Please send these for our yearly review.',
    documents: 'Документы',
    bankStatement: 'Банковская выписка',
    proofOfAddress: 'Подтверждение адреса',
    sourceOfFunds: 'Происхождение средств',
    selfie: 'Селфи с документом',
    approved: 'Одобрен',
    rejected: 'Отклонён',
    onReview: 'На проверке',
    requested: 'Запрошен',
    rejectionShown: 'Комплаенс: The statement is older than 3 months.',
  },
} as const;

/** One document's row in a list, by its type's name. */
function row(page: Page, name: string): Locator {
  return page.locator('.documents-item').filter({ hasText: name });
}

/** From a requested document's row: its upload page, the JPEG chosen and uploaded; back on the list. */
async function uploadFromRow(page: Page, surface: Surface, language: Language, name: string): Promise<void> {
  await row(page, name).getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/verification\/documents\/upload\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page
    .getByLabel(verificationText[language].chooseFile)
    .setInputFiles({ name: 'statement.jpg', mimeType: 'image/jpeg', buffer: bankStatementImage });
  await pressMainAction(page, surface, verificationText[language].upload);
  await expect(page).toHaveURL(/\/account\/verification\/documents$/);
}

/** An rgb()/rgba() colour's channels. */
function channels(colour: string): [number, number, number] {
  const [red = 0, green = 0, blue = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [red, green, blue];
}

/**
 * Each status's colour, as drawn: approved green, rejected red, on review gray, requested amber
 * (spec 000 s.3: good, bad, gray, warning), and each one the colour of its role in the theme.
 */
async function expectStatusColours(page: Page): Promise<void> {
  const drawn = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const probe = document.createElement('span');
    document.body.append(probe);
    const resolved = (variable: string) => {
      probe.style.color = root.getPropertyValue(variable);
      return getComputedStyle(probe).color;
    };
    const roles = {
      approved: resolved('--app-positive-text-color'),
      rejected: resolved('--tg-theme-destructive-text-color'),
      on_review: resolved('--tg-theme-hint-color'),
      requested: resolved('--app-warning-text-color'),
    };
    probe.remove();
    const colourOf = (status: string) => {
      const badge = document.querySelector(`.documents-item[data-status="${status}"] .documents-status`);
      return badge === null ? null : getComputedStyle(badge).color;
    };
    const statuses = ['approved', 'rejected', 'on_review', 'requested'] as const;
    return statuses.map((status) => ({ status, colour: colourOf(status), role: roles[status] }));
  });
  for (const { status, colour, role } of drawn) {
    expect(colour, `${status} is drawn in its role's colour`).toBe(role);
  }
  const [approved, rejected, onReview, requested] = drawn.map(({ colour }) => channels(colour ?? ''));
  if (approved === undefined || rejected === undefined || onReview === undefined || requested === undefined) {
    throw new Error('A status is missing from the list');
  }
  // Green: green leads. Red: red leads by far. Gray: no channel stands out. Amber: red, then green, little blue.
  expect(approved[1]).toBeGreaterThan(approved[0]);
  expect(approved[1]).toBeGreaterThan(approved[2]);
  expect(rejected[0]).toBeGreaterThan(rejected[1] + 80);
  expect(rejected[0]).toBeGreaterThan(rejected[2] + 80);
  expect(Math.max(...onReview) - Math.min(...onReview)).toBeLessThan(30);
  expect(requested[0]).toBeGreaterThan(requested[1]);
  expect(requested[1]).toBeGreaterThan(requested[2] + 40);
}

async function documentsLoop(
  page: Page,
  operator: Operator,
  userId: number,
  surface: Surface,
  language: Language,
  openHome: () => Promise<unknown>,
): Promise<void> {
  const text = words[language];
  const requested = await operator.requestDocuments(
    userId,
    [
      { type: 'bank_statement', comment: 'A statement from the last 3 months.' },
      { type: 'proof_of_address' },
      { type: 'source_of_funds' },
      { type: 'selfie' },
    ],
    'Please send these for our yearly review.',
  );
  const shortIdOf = (type: string) => {
    const found = requested.find((document) => document.type === type);
    if (found === undefined) throw new Error(`The operator's request has no ${type}`);
    return found.short_id;
  };

  await test.step('the home’s notice leads to /compliance, which lists what is asked', async () => {
    await openHome();
    await page.getByRole('link', { name: text.notice }).click();
    await expect(page).toHaveURL(/\/compliance$/);
    await expect(page.getByRole('heading', { name: text.documentsRequested })).toBeVisible();
    await expect(page.getByText(text.message)).toBeVisible();
    for (const name of [text.bankStatement, text.proofOfAddress, text.sourceOfFunds, text.selfie]) {
      await expect(row(page, name)).toContainText(text.requested);
    }
    await expect(row(page, text.bankStatement)).toContainText('A statement from the last 3 months.');
  });

  await test.step('the bank statement uploaded from /compliance is on review', async () => {
    await uploadFromRow(page, surface, language, text.bankStatement);
    await expect(page.getByRole('heading', { level: 1, name: text.documents })).toBeVisible();
    await expect(row(page, text.bankStatement)).toContainText(text.onReview);
    await expect(row(page, text.bankStatement)).toContainText('statement.jpg');
  });

  await test.step('the operator approves it: the list says so by itself (polled every 5 s)', async () => {
    await operator.approve(userId, shortIdOf('bank_statement'));
    await expect(row(page, text.bankStatement)).toContainText(text.approved, { timeout: 6_000 });
  });

  await test.step('a proof of address, rejected with a comment the person reads', async () => {
    await uploadFromRow(page, surface, language, text.proofOfAddress);
    await expect(row(page, text.proofOfAddress)).toContainText(text.onReview);
    await operator.reject(userId, shortIdOf('proof_of_address'), 'The statement is older than 3 months.');
    await expect(row(page, text.proofOfAddress)).toContainText(text.rejected, { timeout: 6_000 });
    await expect(row(page, text.proofOfAddress)).toContainText(text.rejectionShown);
  });

  await test.step('every status in its colour', async () => {
    await uploadFromRow(page, surface, language, text.sourceOfFunds);
    await expect(row(page, text.sourceOfFunds)).toContainText(text.onReview);
    await expect(row(page, text.selfie)).toContainText(text.requested);
    await expectStatusColours(page);
    const documents = await operator.documentsOf(userId);
    expect(Object.fromEntries(documents.map((document) => [document.type, document.status]))).toEqual({
      bank_statement: 'approved',
      proof_of_address: 'rejected',
      source_of_funds: 'on_review',
      selfie: 'requested',
    });
  });
}

test('in the mini app (en) an operator’s document request reaches /compliance; uploads are reviewed and every status shows in its colour', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const userId = newTelegramUserId();
  await recordTelegramEvents(page);
  // Telegram opens the mini app afresh each time (a new document, not a hash change).
  const home = async () => {
    await page.goto('about:blank');
    await page.goto(miniAppUrl('/', { userId }));
  };
  // The person exists once the mini app has signed them in.
  await home();
  await expect(page.getByText('Total balance')).toBeVisible();
  const operator = await Operator.signIn(request, baseURL ?? '');
  await documentsLoop(page, operator, userId, 'miniApp', 'en', home);
});

test('on the web (ru) an operator’s document request reaches /compliance; uploads are reviewed and every status shows in its colour', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInThroughStandIn(page, { firstName: 'Irina', language: 'ru' });
  const userId = await signedInUserId(page);
  const operator = await Operator.signIn(request, baseURL ?? '');
  await documentsLoop(page, operator, userId, 'web', 'ru', () => page.goto('/'));
});

test('in the mini app (ru) a passport requested on the local operator page is uploaded from /compliance and shows approved once the operator approves it there', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const userId = newTelegramUserId();
  await recordTelegramEvents(page);
  await page.goto(miniAppUrl('/', { userId, languageCode: 'ru' }));
  await expect(page.getByText('Общий баланс')).toBeVisible();
  const operator = await OperatorStandIn.open(browser, baseURL ?? '', userId);
  try {
    await operator.requestDocument('Passport', 'The page with your photo.', 'Please confirm your identity.');

    await page.goto('about:blank');
    await page.goto(miniAppUrl('/', { userId, languageCode: 'ru' }));
    await page.getByRole('link', { name: words.ru.notice }).click();
    await expect(page.getByRole('heading', { name: words.ru.documentsRequested })).toBeVisible();
    await expect(page.getByText('Сообщение от комплаенса: Please confirm your identity.')).toBeVisible();
    await uploadFromRow(page, 'miniApp', 'ru', 'Паспорт');
    await expect(row(page, 'Паспорт')).toContainText(words.ru.onReview);

    await operator.review('Passport', 'Approve');
    await expect(row(page, 'Паспорт')).toContainText(words.ru.approved, { timeout: 6_000 });
  } finally {
    await operator.close();
  }
});
