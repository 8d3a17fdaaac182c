import { describe, expect, it, vi } from 'vitest';

/**
 * argon2 itself is replaced by a fake that counts how many computations run at once and finishes
 * them only when told to, so the test sees the queue of the real wrapper.
 */
const argon2 = vi.hoisted(() => {
  const state = { running: 0, most: 0, finishers: [] as (() => void)[] };
  const work = async <T>(answer: T): Promise<T> => {
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    await new Promise<void>((resolve) => state.finishers.push(resolve));
    state.running -= 1;
    return answer;
  };
  return {
    state,
    hash: (secret: string) => work(`hashed:${secret}`),
    verify: (hashed: string, secret: string) => work(hashed === `hashed:${secret}`),
  };
});
vi.mock('@node-rs/argon2', () => ({
  hash: (secret: string) => argon2.hash(secret),
  verify: (hashed: string, secret: string) => argon2.verify(hashed, secret),
}));

const { hashSecret, maxConcurrentHashes, verifySecret } = await import('../../src/server/modules/security/hashing');

async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
}

describe('argon2 work in one process', () => {
  it('runs at most on all cores but one at a time, and answers every queued call', async () => {
    const calls = Array.from({ length: maxConcurrentHashes + 3 }, (_, index) =>
      index % 2 === 0 ? verifySecret('hashed:1234', '1234') : hashSecret(`secret${index}`),
    );
    await settle();
    expect(argon2.state.running).toBe(maxConcurrentHashes);

    while (argon2.state.finishers.length > 0) {
      argon2.state.finishers.shift()?.();
      await settle();
      expect(argon2.state.running).toBeLessThanOrEqual(maxConcurrentHashes);
    }

    const answers = await Promise.all(calls);
    expect(argon2.state.most).toBe(maxConcurrentHashes);
    expect(answers[0]).toBe(true);
    expect(answers[1]).toBe('hashed:secret1');
  });

  it('frees its place when argon2 fails, answering false for a verification', async () => {
    const failing = vi.spyOn(argon2, 'verify').mockRejectedValueOnce(new Error('Invalid hash'));
    await expect(verifySecret('not-a-hash', '1234')).resolves.toBe(false);
    failing.mockRestore();

    const next = verifySecret('hashed:1234', '1234');
    await settle();
    expect(argon2.state.running).toBe(1);
    argon2.state.finishers.shift()?.();
    await expect(next).resolves.toBe(true);
  });
});
