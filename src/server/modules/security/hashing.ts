import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * At most this many argon2 computations at once in this process (one core is left to the event
 * loop, and with it to PGlite, which runs on it): one account sending passcodes as fast as it can
 * then queues behind its own hashes instead of taking every core from everyone else.
 */
export const maxConcurrentHashes = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running < maxConcurrentHashes) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next();
  }
}

/** argon2id (the library's default algorithm) with its defaults (19 MiB, 2 passes). */
export function hashSecret(secret: string): Promise<string> {
  return oneOfFew(() => hash(secret));
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await oneOfFew(() => verify(hashed, secret));
  } catch {
    return false;
  }
}
