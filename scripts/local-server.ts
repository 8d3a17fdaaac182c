import { type ChildProcess, spawn } from 'node:child_process';
import * as z from 'zod/mini';
import { e2eBotToken, signedInitData } from '../e2e/support/auth.ts';

// The real server for the measuring scripts (lighthouse.ts, throttled-start.ts): scripts/start.ts
// in local mode on 127.0.0.1, a throwaway data directory and the e2e bot token.

/** Starts the server on `port` serving the build in `appDir`, and waits until it answers. */
export async function startLocalServer(port: number, dataDir: string, appDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_DIR: appDir,
    LOCAL_MODE: '1',
    BOT_TOKEN: e2eBotToken,
    BOT_USERNAME: 'kopilka_e2e_bot',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  // Output shows: a stale build is rebuilt first, and its progress (or failure) belongs on screen.
  const server = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}) before answering`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return server;
    } catch {
      // Not listening yet (or still building).
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  server.kill('SIGTERM');
  throw new Error('The server did not answer within 5 minutes');
}

export async function stopLocalServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  await new Promise<void>((done) => {
    server.once('exit', () => done());
    server.kill('SIGTERM');
  });
}

const addressList = z.object({ items: z.array(z.object({ address: z.string() })) });

/** The mini-app user's home is not empty: a few TON deposits through the chain simulator. */
export async function seedMiniAppUser(origin: string, userId: number): Promise<void> {
  const signIn = await fetch(`${origin}/api/v1/authentication/webapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData: signedInitData({ id: userId, first_name: 'Anna', language_code: 'en' }) }),
  });
  const token = signIn.headers.get('x-session-token');
  if (!signIn.ok || token === null) throw new Error(`Seeding: sign-in answered ${signIn.status}`);
  const addresses = await fetch(`${origin}/api/v1/wallet/address/TON`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const address = z.parse(addressList, await addresses.json()).items[0]?.address;
  if (address === undefined) throw new Error('Seeding: no TON deposit address');
  for (const amount of ['25', '3.5', '0.75', '12', '1.2']) {
    const deposit = await fetch(`${origin}/local/chain/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amount }),
    });
    if (!deposit.ok) throw new Error(`Seeding: a deposit answered ${deposit.status}`);
  }
}
