import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';

// The fees account of an asset is one account for the whole server, and the e2e workers share one
// server. A journey that checks "the fees account rose by exactly the fee" would count another
// worker's fee (a P2P order or a P2C payment completing at the same moment) as its own. Every
// journey that moves or reads USDT fees holds this lock for its whole run (acquired in beforeEach,
// released in afterEach), so those journeys run one at a time while the rest of the suite goes on.

/** One lock per server (port), so two e2e runs on different ports never wait for each other. */
const lockPath = join(tmpdir(), `kopilka-e2e-fees-account-${process.env.E2E_PORT ?? '8199'}`);
/** A lock older than this was left by a worker that died mid-journey. */
const staleAfterMs = 10 * 60_000;
const pollMs = 200;

function tryAcquire(): boolean {
  try {
    mkdirSync(lockPath);
    return true;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    try {
      if (Date.now() - statSync(lockPath).mtimeMs > staleAfterMs) rmSync(lockPath, { recursive: true, force: true });
    } catch {
      // Released meanwhile: the next attempt takes it.
    }
    return false;
  }
}

/** Whether this worker holds the lock (each worker is its own process). */
let held = false;

/**
 * Waits until no other journey holds the fees account, then holds it. The wait is added to the
 * test's time limit: waiting for another journey is not this journey being slow.
 */
export async function acquireFeesAccount(testInfo: TestInfo): Promise<void> {
  const limit = testInfo.timeout;
  const started = Date.now();
  testInfo.setTimeout(limit + staleAfterMs);
  while (!tryAcquire()) await new Promise((resolve) => setTimeout(resolve, pollMs));
  held = true;
  testInfo.setTimeout(limit + (Date.now() - started));
}

export function releaseFeesAccount(): void {
  if (!held) return;
  held = false;
  rmSync(lockPath, { recursive: true, force: true });
}
