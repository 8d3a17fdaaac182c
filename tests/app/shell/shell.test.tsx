import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, harmlessRetryLimit } from '../../../src/app/features/shell/ErrorBoundary.tsx';
import { LoadingIndicator } from '../../../src/app/features/shell/LoadingIndicator.tsx';
import { ToastHost } from '../../../src/app/features/shell/ToastHost.tsx';
import { fakePlatform, fakeSession, renderApp, renderWithProviders, signedIn } from '../support.tsx';

describe('the sign-in prompt', () => {
  it('greets a signed-out visitor in English with the Kopilka logo and a Telegram sign-in button', async () => {
    renderApp();
    expect(await screen.findByRole('button', { name: 'Sign in with Telegram' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Kopilka' })).toBeTruthy();
    expect(screen.getByText('Your crypto and money wallet, right in Telegram.')).toBeTruthy();
  });

  it('greets a visitor whose language is Russian in Russian', async () => {
    i18n.activate('ru');
    renderApp();
    expect(await screen.findByRole('button', { name: 'Войти через Telegram' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Копилка' })).toBeTruthy();
    expect(screen.getByText('Кошелёк для криптовалюты и денег прямо в Telegram.')).toBeTruthy();
  });

  it('hands the sign-in button to the session feature', async () => {
    const session = fakeSession({ status: 'signed-out' });
    renderApp({ session });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Telegram' }));
    expect(session.signIn).toHaveBeenCalledTimes(1);
  });

  it('is replaced by the wallet for a signed-in user', async () => {
    renderApp({ session: fakeSession(signedIn) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Telegram' })).toBeNull();
  });

  it('offers a retry when the session check fails for another reason than a 401', async () => {
    renderApp({ session: fakeSession(new Error('offline')) });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the header', () => {
  it('shows on the web with the logo linking home and a sign-in link when signed out', async () => {
    renderApp({ platform: fakePlatform('web') });
    const header = await screen.findByRole('banner');
    expect(header.querySelector('a[href="/"]')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/');
  });

  it('starts signing in from its sign-in link', async () => {
    const session = fakeSession({ status: 'signed-out' });
    renderApp({ session });
    fireEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledTimes(1);
  });

  it('links to the profile on the web when signed in', async () => {
    renderApp({ platform: fakePlatform('web'), session: fakeSession(signedIn) });
    const profile = await screen.findByRole('link', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/account');
  });

  it('is absent inside the mini app', async () => {
    renderApp({ platform: fakePlatform('mini-app') });
    await screen.findByRole('button', { name: 'Sign in with Telegram' });
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('the mini app shell', () => {
  it("opens the account from Telegram's settings button", async () => {
    const platform = fakePlatform('mini-app', '7.0');
    const { router } = renderApp({ platform, session: fakeSession(signedIn) });
    await screen.findByRole('heading', { level: 1, name: 'Wallet' });
    const handler = vi.mocked(platform.onSettingsButton).mock.calls[0]?.[0];
    expect(handler).toBeTypeOf('function');
    act(() => handler?.());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
  });

  it('tells the platform about every navigation, so it can expand', async () => {
    const platform = fakePlatform('mini-app');
    const { router } = renderApp({ platform, path: '/diagnostic' });
    await waitFor(() => expect(platform.navigated).toHaveBeenCalledWith('/diagnostic'));
    await act(() => router.navigate({ to: '/' }));
    await waitFor(() => expect(platform.navigated).toHaveBeenLastCalledWith('/'));
  });

  it('says it is ready once the first screen is rendered', async () => {
    const platform = fakePlatform('mini-app');
    renderApp({ platform });
    await waitFor(() => expect(platform.ready).toHaveBeenCalled());
  });
});

describe('the not-found page', () => {
  it('tells that an unknown path has no page and leads back to the wallet', async () => {
    const { router } = renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('is in Russian for a Russian reader', async () => {
    i18n.activate('ru');
    renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Перейти в кошелёк' })).toBeTruthy();
  });
});

/** Throws `error` on its first `times` renders (counted per error object), then renders. */
const failures = new Map<unknown, number>();
function FailingTimes({ times, error }: { times: number; error: unknown }) {
  const count = failures.get(error) ?? 0;
  if (count < times) {
    failures.set(error, count + 1);
    throw error;
  }
  return <p>Content is back</p>;
}

describe('the error boundary', () => {
  beforeEach(() => {
    // React reports caught render errors on the console; the tests expect them.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.mocked(console.error).mockRestore();
  });

  it('shows a calm fallback with a reload button when a screen fails', () => {
    renderWithProviders(
      <AppErrorBoundary>
        <FailingTimes times={Number.POSITIVE_INFINITY} error={new TypeError('x is undefined')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('ignores a known harmless error and keeps the screen', () => {
    renderWithProviders(
      <AppErrorBoundary>
        <FailingTimes times={2} error={new Error('ResizeObserver loop completed with undelivered notifications.')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Content is back')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('shows the fallback when a harmless error keeps coming back', () => {
    renderWithProviders(
      <AppErrorBoundary>
        <FailingTimes
          times={harmlessRetryLimit + 5}
          error={new DOMException('The operation was aborted.', 'AbortError')}
        />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('catches a failing route and shows the same fallback', async () => {
    renderApp({ path: '/clown' });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});

describe('toasts', () => {
  it('show one at a time and hide after 3 s on the web', () => {
    vi.useFakeTimers();
    const { toastActor } = renderWithProviders(<ToastHost />);
    act(() => toastActor.send({ type: 'toast.show', kind: 'error', message: 'First problem' }));
    act(() => toastActor.send({ type: 'toast.show', kind: 'error', message: 'Second problem' }));
    expect(screen.queryByText('First problem')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Second problem');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Second problem')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Second problem')).toBeNull();
  });

  it('can be dismissed before they time out', () => {
    const { toastActor } = renderWithProviders(<ToastHost />);
    act(() => toastActor.send({ type: 'toast.show', kind: 'success', message: 'Saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('become a native alert for errors inside the mini app from version 6.2', () => {
    const platform = fakePlatform('mini-app', '6.2');
    const { toastActor } = renderWithProviders(<ToastHost />, { platform });
    act(() => toastActor.send({ type: 'toast.show', kind: 'error', message: 'Couldn’t change language' }));
    expect(platform.alert).toHaveBeenCalledWith('Couldn’t change language');
    expect(screen.queryByText('Couldn’t change language')).toBeNull();
  });

  it('stay toasts inside a mini app older than 6.2', () => {
    const platform = fakePlatform('mini-app', '6.1');
    const { toastActor } = renderWithProviders(<ToastHost />, { platform });
    act(() => toastActor.send({ type: 'toast.show', kind: 'error', message: 'Couldn’t change time zone' }));
    expect(platform.alert).not.toHaveBeenCalled();
    expect(screen.getByText('Couldn’t change time zone')).toBeTruthy();
  });
});

describe('the loading indicator', () => {
  it('shows a spinner after 1 s and the slow-request message after 5 s', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<LoadingIndicator busy />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('This is taking longer than usual. Please wait a little.')).toBeNull();
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.queryByText('This is taking longer than usual. Please wait a little.')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('This is taking longer than usual. Please wait a little.')).toBeTruthy();
    rerender(<LoadingIndicator busy={false} />);
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('shows nothing for a load shorter than 1 s', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<LoadingIndicator busy />);
    act(() => vi.advanceTimersByTime(800));
    rerender(<LoadingIndicator busy={false} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });
});
