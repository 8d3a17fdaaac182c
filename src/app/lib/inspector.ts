import type { InspectionEvent, Observer } from 'xstate';

/**
 * Development only: `?inspect` in the address connects the running machines to the Stately
 * inspector (@statelyai/inspect opens its window). The import sits inside `import.meta.env.DEV`,
 * so a production build contains neither this branch nor the inspector's chunk.
 */
export async function loadInspector(search: string): Promise<Observer<InspectionEvent> | undefined> {
  if (import.meta.env.DEV) {
    if (!new URLSearchParams(search).has('inspect')) return undefined;
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  return undefined;
}
