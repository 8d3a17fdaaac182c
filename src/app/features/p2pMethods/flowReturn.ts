import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * The add flow's `back` parameter: where the flow returns once the method is saved (the
 * create-offer step that opened it), carried along every page of the flow. Undefined when the
 * flow was opened from the methods list.
 */
export function useFlowReturn(): string | undefined {
  return useSearch({ strict: false, select: (search) => search.back });
}

/** Leaves the finished add flow: to where it was opened from, else the methods list. */
export function useFinishFlow(): () => void {
  const back = useFlowReturn();
  const navigate = useNavigate();
  return useCallback(() => {
    if (back !== undefined) void navigate({ href: back, replace: true });
    else void navigate({ to: '/p2p/methods', replace: true });
  }, [back, navigate]);
}
