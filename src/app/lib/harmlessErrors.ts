/**
 * Errors that browsers, the messenger and extensions raise without anything being wrong with
 * the app. The error boundary ignores them (no fallback screen) and the global handlers do not
 * report them. Each entry says why it is harmless (a comment, not a string: the list is in every
 * screen's entry chunk); keep the list short and specific.
 */
export interface HarmlessErrorRule {
  readonly matches: (error: { name: string; message: string; stack: string }) => boolean;
}

export const harmlessErrorRules: readonly HarmlessErrorRule[] = [
  // ResizeObserver loop warnings: the browser skipped a resize notification, nothing broke.
  {
    matches: ({ message }) =>
      /ResizeObserver loop (limit exceeded|completed with undelivered notifications)/i.test(message),
  },
  // "Script error." is a cross-origin script failing (extensions, injected scripts); it carries
  // no detail and is not ours.
  {
    matches: ({ message }) => message === 'Script error.' || message === 'Script error',
  },
  // Aborted requests and navigations (the person moved on, a query was cancelled).
  {
    matches: ({ name, message }) =>
      name === 'AbortError' ||
      name === 'CancelledError' ||
      /^(The (user|operation) aborted|signal is aborted|AbortError)/i.test(message),
  },
  // The messenger does not support a method in this version (the SDK names it
  // WebAppMethodUnsupported / MethodUnsupportedError); every call has a fallback.
  {
    matches: ({ name, message }) =>
      name === 'MethodUnsupportedError' ||
      name === 'MethodParameterUnsupportedError' ||
      /WebAppMethodUnsupported|WebAppPopupOpened|WebAppPopupParamInvalid|is not supported in (Mini Apps )?version/i.test(
        message,
      ),
  },
  // Telegram Web reloads or closes the frame while a request is pending.
  {
    matches: ({ message }) => /WebAppInvalidOrigin|Telegram\.WebView|TelegramGameProxy/i.test(message),
  },
  // Browser extensions (wallets, translators, ad blockers) throwing inside the page.
  {
    matches: ({ message, stack }) =>
      /(chrome|moz|safari(-web)?)-extension:\/\//i.test(stack) ||
      /(chrome|moz|safari(-web)?)-extension:\/\//i.test(message) ||
      /Cannot redefine property: ethereum|MetaMask|tronWeb|__firefox__|__gCrWeb/i.test(message),
  },
];

function describeError(error: unknown): { name: string; message: string; stack: string } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack ?? '' };
  if (typeof error === 'string') return { name: '', message: error, stack: '' };
  if (typeof error === 'object' && error !== null) {
    const name = Reflect.get(error, 'name');
    const message = Reflect.get(error, 'message');
    return {
      name: typeof name === 'string' ? name : '',
      message: typeof message === 'string' ? message : '',
      stack: '',
    };
  }
  return { name: '', message: '', stack: '' };
}

export function isHarmlessError(error: unknown): boolean {
  const described = describeError(error);
  return harmlessErrorRules.some((rule) => rule.matches(described));
}
