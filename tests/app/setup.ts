import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { messages as en } from '../../locales/en/messages.ts';
import { messages as ru } from '../../locales/ru/messages.ts';

// Both compiled catalogs, English active: a test switches with `i18n.activate('ru')`.
i18n.load({ en, ru });
i18n.activate('en');

// A screen's route chunk loads on its first render; on CI's two shared cores, with the suite's
// other files running beside it, that took just over the default second (findBy*, waitFor).
// Waiting longer changes nothing for a test that passes; one that fails says so later.
configure({ asyncUtilTimeout: 4000 });

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
