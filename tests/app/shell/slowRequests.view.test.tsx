/**
 * The loading indicator on slow requests (spec 000 s.2: "A loading spinner shows after 1 s, and a
 * slow-request message after 5 s"): any query the person waits for or any mutation, held open by
 * the test, with fake timers. Expectations are the literal texts on screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingIndicator } from '../../../src/app/features/shell/LoadingIndicator.tsx';
import { useWaitingForServer } from '../../../src/app/features/shell/useWaiting.ts';
import { renderWithProviders } from '../support.tsx';

const slowMessage = 'This is taking longer than usual. Please wait a little.';

/** A server answer the test releases when it wants. */
function heldAnswer() {
  let release: (value: string) => void = () => {};
  const promise = new Promise<string>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function Screen({ load, save }: { load: () => Promise<string>; save: () => Promise<string> }) {
  const data = useQuery({ queryKey: ['screen'], queryFn: load });
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: save });
  return (
    <>
      <p>{data.data ?? 'nothing yet'}</p>
      <button type="button" onClick={() => mutation.mutate()}>
        Save
      </button>
      <button type="button" onClick={() => void queryClient.refetchQueries({ queryKey: ['screen'] })}>
        Refresh
      </button>
      <LoadingIndicator busy={useWaitingForServer()} />
    </>
  );
}

function spinnerShown(): boolean {
  return screen.queryByRole('status', { name: 'Loading' }) !== null;
}

function slowMessageShown(): boolean {
  return screen.queryByText(slowMessage) !== null;
}

async function pass(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The server answers; the query's observers hear of it on the next tick. */
async function answerWith(answer: { release: (value: string) => void }, value: string): Promise<void> {
  await act(async () => answer.release(value));
  await pass(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a slow request', () => {
  it('shows the spinner from 1 s and the slow message from 5 s of a first load, and nothing once it answers', async () => {
    const answer = heldAnswer();
    renderWithProviders(<Screen load={() => answer.promise} save={() => Promise.resolve('saved')} />);
    await pass(999);
    expect(spinnerShown()).toBe(false);
    await pass(1);
    expect(spinnerShown()).toBe(true);
    expect(slowMessageShown()).toBe(false);
    await pass(3999);
    expect(slowMessageShown()).toBe(false);
    await pass(1);
    expect(spinnerShown()).toBe(true);
    expect(slowMessageShown()).toBe(true);
    await answerWith(answer, '1.5 TON');
    expect(screen.getByText('1.5 TON')).toBeTruthy();
    expect(spinnerShown()).toBe(false);
    expect(slowMessageShown()).toBe(false);
  });

  it('shows nothing when the answer comes within 1 s', async () => {
    const answer = heldAnswer();
    renderWithProviders(<Screen load={() => answer.promise} save={() => Promise.resolve('saved')} />);
    await pass(900);
    await answerWith(answer, '1.5 TON');
    await pass(10_000);
    expect(spinnerShown()).toBe(false);
  });

  it('shows the spinner for a save that takes over 1 s', async () => {
    const save = heldAnswer();
    renderWithProviders(<Screen load={() => Promise.resolve('1.5 TON')} save={() => save.promise} />);
    await pass(0);
    expect(screen.getByText('1.5 TON')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await pass(1000);
    expect(spinnerShown()).toBe(true);
    await pass(4000);
    expect(slowMessageShown()).toBe(true);
    await answerWith(save, 'saved');
    expect(spinnerShown()).toBe(false);
  });

  it('never shows the spinner while data already on screen is refreshed in the background', async () => {
    let answers = 0;
    const refresh = heldAnswer();
    renderWithProviders(
      <Screen
        load={() => {
          answers += 1;
          return answers === 1 ? Promise.resolve('1.5 TON') : refresh.promise;
        }}
        save={() => Promise.resolve('saved')}
      />,
    );
    await pass(0);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await pass(6000);
    expect(answers).toBe(2);
    expect(spinnerShown()).toBe(false);
    expect(screen.getByText('1.5 TON')).toBeTruthy();
  });
});
