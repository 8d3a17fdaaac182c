/**
 * A fake Kopilka API whose answers the test gives when it chooses: every request is recorded
 * (route and JSON body), requests to the held routes wait until `answer(route, …)` settles the
 * oldest waiting one, and any other route is answered at once by `otherwise`. For replaying model
 * paths through a rendered flow: a path's "the call answers …" step becomes the server's answer.
 *
 * Use fake timers for setTimeout/setInterval only (`HELD_SERVER_FAKE_TIMERS`): the response body
 * is read through streams that need the real event loop, which `settle()` gives a few turns of.
 */

import { expect, type FakeTimersConfig, vi } from 'vitest';
import { type Answer, json, noFakeFor, type Routes, readFakeRequest } from './fakeApi.ts';

export const HELD_SERVER_FAKE_TIMERS: FakeTimersConfig = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
};

export interface SeenRequest {
  /** "POST /user/verify-email" (without /api/v1). */
  route: string;
  body: unknown;
}

/** No answer at all: the network failed. */
export const NO_ANSWER = 'no answer';

interface Waiting {
  route: string;
  reply: (answer: Answer | typeof NO_ANSWER) => void;
}

export class HeldServer {
  readonly requests: SeenRequest[] = [];
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly held: ReadonlySet<string>,
    private readonly otherwise: Routes = () => undefined,
  ) {}

  install(): void {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
        const request = await readFakeRequest(input, init);
        this.requests.push({ route: request.route, body: request.body });
        if (!this.held.has(request.route)) return json((await this.otherwise(request)) ?? noFakeFor(request.route));
        return new Promise<Response>((resolve, reject) => {
          this.waiting.push({
            route: request.route,
            reply: (answer) =>
              answer === NO_ANSWER ? reject(new TypeError('Failed to fetch')) : resolve(json(answer)),
          });
        });
      }),
    );
  }

  /** Routes of the requests that reached the server, in order, only those in `routes` when given. */
  routes(only?: ReadonlySet<string>): string[] {
    return this.requests.map((request) => request.route).filter((route) => only === undefined || only.has(route));
  }

  /** The newest request to `route`, or undefined. */
  last(route: string): SeenRequest | undefined {
    return this.requests.findLast((request) => request.route === route);
  }

  /** The newest request to `route` had `body` and waits for its answer. */
  expectUnderWay(route: string, body: unknown): void {
    expect(this.last(route)?.body, `the last ${route}`).toEqual(body);
    expect(this.isWaiting(route), `${route} is under way`).toBe(true);
  }

  /** Whether a request to `route` is waiting for its answer. */
  isWaiting(route: string): boolean {
    return this.waiting.some((waiting) => waiting.route === route);
  }

  /** Answers the oldest waiting request to `route`, then lets the app read the answer. */
  async answer(route: string, answer: Answer | typeof NO_ANSWER): Promise<void> {
    const index = this.waiting.findIndex((waiting) => waiting.route === route);
    const waiting = this.waiting[index];
    if (waiting === undefined) throw new Error(`No request to ${route} is waiting (seen: ${this.routes().join(', ')})`);
    this.waiting.splice(index, 1);
    waiting.reply(answer);
    await settle();
  }
}

/** A few turns of the real event loop: enough for a fetch's answer to reach the machine. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A model's failure (`{ status, seconds? }`, status null for no response) as the server's answer:
 * the status with `{ code, message, data: { seconds } }`, or no answer at all.
 */
export function failureAnswer(error: unknown): Answer | typeof NO_ANSWER {
  const status = fieldOf(error, 'status');
  const seconds = fieldOf(error, 'seconds');
  if (typeof status !== 'number') return NO_ANSWER;
  return {
    status,
    body: {
      code: `failed_${status}`,
      message: 'refused',
      ...(typeof seconds === 'number' ? { data: { seconds } } : {}),
    },
  };
}

/** A field of an object-like value, or undefined. */
export function fieldOf(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}
