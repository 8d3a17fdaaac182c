/**
 * The Stately inspector in development: the theme actor starts before the inspector has loaded,
 * so it is connected afterwards (`inspectRunningActor`): the inspector first hears of it as a new
 * actor with its current snapshot, then of everything that happens to it.
 */
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { inspectRunningActor } from '../../../src/app/lib/inspector.ts';
import { createThemeActor } from '../../../src/app/platform/theme.ts';

describe('connecting a running actor to the inspector', () => {
  it('announces the actor with its current snapshot, then reports its events and snapshots', () => {
    const theme = createThemeActor({
      root: document.createElement('html'),
      storage: null,
      deviceScheme: 'light',
      messengerScheme: null,
    });
    const seen: InspectionEvent[] = [];
    inspectRunningActor(theme, { next: (event) => void seen.push(event) });
    expect(seen.map((event) => [event.type, event.actorRef])).toEqual([['@xstate.actor', theme]]);
    expect(seen[0]?.rootId).toBe(theme.sessionId);

    theme.send({ type: 'theme.set', preference: 'dark' });
    const types = seen.map((event) => event.type);
    expect(types).toContain('@xstate.event');
    expect(seen.findLast((event) => event.type === '@xstate.snapshot')?.actorRef).toBe(theme);
    expect(theme.getSnapshot().context.scheme).toBe('dark');
    theme.stop();
  });
});
