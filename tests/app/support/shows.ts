import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { settle } from './heldServer.ts';

/**
 * Waits, for up to 3 s of real time, until the text is on the screen and returns its element. For
 * tests that fake the timers: each turn runs the due zero-delay timers (the queries' notification
 * batching) and lets the fake server's answers in.
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
