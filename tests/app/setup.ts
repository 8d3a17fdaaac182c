import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { messages as en } from '../../locales/en/messages.ts';
import { messages as ru } from '../../locales/ru/messages.ts';

// Both compiled catalogs, English active: a test switches with `i18n.activate('ru')`.
i18n.load({ en, ru });
i18n.activate('en');

beforeEach(() => {
  // jsdom implements neither; the shell scrolls and the web platform follows the device theme.
  window.scrollTo = vi.fn<(options?: ScrollToOptions | number, y?: number) => void>();
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    });
  }
});

afterEach(() => {
  cleanup();
  // What one test keeps (the asset catalogue, a theme) must not reach the next.
  localStorage.clear();
  i18n.activate('en');
  vi.useRealTimers();
});
