import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eBotToken } from './auth.ts';

/**
 * A server of the test's own, on its own port and data directory, for tests that must stop and
 * start the server (state that has to survive a restart). It serves the same built app.
 */
export class OwnServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'kopilka-e2e-own-'));
  private process: ChildProcess | null = null;

  constructor(readonly port: number) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOCAL_MODE: '1',
      BOT_TOKEN: e2eBotToken,
      BOT_USERNAME: 'kopilka_e2e_bot',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    this.process = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: 'ignore' });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.origin}/api/v1/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The server on port ${this.port} did not start within 60 s`);
  }

  async stop(): Promise<void> {
    const running = this.process;
    this.process = null;
    if (running === null || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
