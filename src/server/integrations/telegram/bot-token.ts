import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `<bot_id>:<secret>`, as BotFather issues it; the bot id is the part before the colon. */
const botTokenPattern = /^([1-9][0-9]{0,15}):([A-Za-z0-9_-]{1,128})$/;

/** The bot's numeric id from its token, or null when the token is not `<digits>:<secret>`. */
export function botIdOf(token: string): number | null {
  const match = botTokenPattern.exec(token);
  if (match?.[1] === undefined) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** The file local mode keeps its generated bot token in, inside the data directory. */
export function localBotTokenPath(dataDir: string): string {
  return join(dataDir, 'local-bot-token');
}

function generateBotToken(): string {
  // Shaped like a real token: a ten-digit id and 35 characters of secret.
  return `${randomInt(7_000_000_000, 7_999_999_999)}:${randomBytes(27).toString('base64url').slice(0, 35)}`;
}

function isAlreadyThere(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

/**
 * The bot token of local mode without BOT_TOKEN: generated once into `DATA_DIR/local-bot-token`
 * (readable by the owner only) and read back on every later start, so sessions signed in
 * before a restart and links already handed out keep working.
 */
export function readOrCreateLocalBotToken(dataDir: string): string {
  const path = localBotTokenPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, `${generateBotToken()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!isAlreadyThere(error)) throw error;
  }
  const token = readFileSync(path, 'utf8').trim();
  if (botIdOf(token) === null) {
    throw new Error(`${path} does not hold a bot token (<bot_id>:<secret>); delete it to generate a new one`);
  }
  return token;
}
