import type { Page } from '@playwright/test';
import { sendTelegramEvent, telegramEvents } from './telegram.ts';
import { expect } from './test.ts';

/**
 * Where the app runs: in the mini app a screen's main action is Telegram's MainButton (the app
 * only tells Telegram its text and whether it is active), on the web a button the app draws.
 */
export type Surface = 'miniApp' | 'web';

/** What the app last told Telegram about its MainButton. */
async function mainButtonSetup(page: Page): Promise<{ visible: unknown; text: unknown; active: unknown }> {
  const setup = (await telegramEvents(page)).filter((event) => event.type === 'web_app_setup_main_button').at(-1)?.data;
  const fields = typeof setup === 'object' && setup !== null ? setup : {};
  return {
    visible: Reflect.get(fields, 'is_visible'),
    text: Reflect.get(fields, 'text'),
    active: Reflect.get(fields, 'is_active'),
  };
}

/**
 * Presses the screen's main action once it reads `label` and can be pressed: in the mini app,
 * once Telegram's MainButton shows `label` and is active, as the person's tap (Telegram sends
 * `main_button_pressed`); on the web, the button of that name.
 */
export async function pressMainAction(page: Page, surface: Surface, label: string): Promise<void> {
  if (surface === 'web') {
    const button = page.getByRole('button', { name: label, exact: true });
    await expect(button).toBeEnabled();
    await button.click();
    return;
  }
  await expect.poll(() => mainButtonSetup(page)).toEqual({ visible: true, text: label, active: true });
  await sendTelegramEvent(page, 'main_button_pressed');
}

/** The main action reads `label` (Telegram's MainButton in the mini app, a button on the web). */
export async function expectMainAction(page: Page, surface: Surface, label: string): Promise<void> {
  if (surface === 'web') {
    await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
    return;
  }
  await expect.poll(async () => (await mainButtonSetup(page)).text).toBe(label);
}
