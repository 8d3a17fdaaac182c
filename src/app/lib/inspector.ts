import type { AnyActorRef, InspectionEvent, Observer } from 'xstate';

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

/**
 * Development only: connects an actor that was started before the inspector loaded (the theme
 * actor, which the platform starts before the first paint, while the inspector's chunk is still
 * on its way). The inspector learns of it as if it had just been created (its definition and
 * current snapshot), then sees everything that happens to it from now on. Passing `inspect` to
 * `createThemeActor` instead would mean threading it through the platform's constructors, which
 * production would carry for nothing.
 */
export function inspectRunningActor(actor: AnyActorRef, inspect: Observer<InspectionEvent>): void {
  inspect.next?.({ type: '@xstate.actor', actorRef: actor, rootId: actor.sessionId });
  actor.system.inspect(inspect);
}
