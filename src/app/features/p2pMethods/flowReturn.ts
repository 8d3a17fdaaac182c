import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { entryBehind } from '../../lib/back.ts';

// The add flow is a chain of pages (currency, catalogue, a group's banks, the details), each its
// own history entry. Each carries in its history state how many flow pages lie behind it, so a
// finished flow can leave them all: back from where it lands never returns into the flow.
declare module '@tanstack/history' {
  interface HistoryState {
    /** The add-flow pages behind this entry, down to the flow's first page (/p2p/methods/add). */
    methodFlowDepth?: number;
  }
}

/**
 * The add flow's `back` parameter: where the flow returns once the method is saved (the
 * create-offer step that opened it), carried along every page of the flow. Undefined when the
 * flow was opened from the methods list.
 */
export function useFlowReturn(): string | undefined {
  return useSearch({ strict: false, select: (search) => search.back });
}

/** The history state of a link to the flow's next page. */
export function useNextStepState(): { methodFlowDepth: number } {
  const depth = useLocation({ select: (location) => location.state.methodFlowDepth ?? 0 });
  return { methodFlowDepth: depth + 1 };
}

/**
 * Leaves the finished add flow for where it was opened from (`back`), else the methods list:
 * back through the history when that page is just behind the flow's first page (it shows the
 * new method, its queries being refreshed), otherwise back to the flow's first page, which the
 * destination then replaces.
 */
export function useFinishFlow(): () => void {
  const back = useFlowReturn();
  const router = useRouter();
  return useCallback(() => {
    const { history } = router;
    const target = back ?? '/p2p/methods';
    const depth = history.location.state.methodFlowDepth ?? 0;
    const goBack = (steps: number) =>
      new Promise<void>((resolve) => {
        if (steps <= 0) {
          resolve();
          return;
        }
        const stop = history.subscribe(() => {
          stop();
          resolve();
        });
        history.go(-steps);
      });
    if (entryBehind(history, depth + 1) === target) {
      void goBack(depth + 1);
      return;
    }
    void goBack(depth).then(() => router.navigate({ href: target, replace: true }));
  }, [back, router]);
}
