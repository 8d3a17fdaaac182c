/**
 * App screens under fake timers (setTimeout and setInterval only: the fake server's answers need
 * the real event loop): the hooks that fake them around each test, and the wait for a text.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { HELD_SERVER_FAKE_TIMERS, settle } from './heldServer.ts';

/** In the file or describe block it is called in: fake timers and an empty sessionStorage for each test, the real timers and globals back after it. */
export function fakeTimersForEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/**
 * Waits, for up to 3 s of real time, until the text is on the screen and returns its element. Each
 * turn runs the due zero-delay timers (the queries' notification batching) and lets the fake
 * server's answers in.
 */
export async function shows(text: string | RegExp): Promise<HTMLElement> {
  const started = Date.now();
  while (screen.queryByText(text) === null && Date.now() - started < 3000) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await settle();
    });
  }
  return screen.getByText(text);
}
