// `npm run chain -- <command>`: drives the test-network simulator of a server running in local
// mode (docs/chain.md). Talks to http://localhost:$PORT (8080 by default); KOPILKA_URL overrides.
// Prints one line saying what happened; exits 1 when the server refused or could not be reached.
// Runs under Node 24's type stripping: erasable TypeScript only.
import * as z from 'zod/mini';

const usage = `Usage:
  npm run chain -- deposit <address> <amount> [asset] [--network <network>] [--txid <txid>]
  npm run chain -- withdrawal <id> fail|cancel|revert|check|approve [reason]
  npm run chain -- flag <network> <address> blocked|contract|invalid_smart_contract [note]

  <amount> is in whole units ("25.5"); [asset] defaults to the network's own coin.
  Networks: TRX, ETH, BSC, TON, BTC, LTC.`;

const serverUrl = (process.env.KOPILKA_URL || `http://localhost:${process.env.PORT || '8080'}`).replace(/\/$/, '');

const errorAnswer = z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(
    z.object({
      issues: z.optional(z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))),
    }),
  ),
});
const depositAnswer = z.object({
  network: z.string(),
  asset: z.string(),
  address: z.string(),
  amount: z.string(),
  txid: z.string(),
  status: z.enum(['credited', 'below_minimum', 'unknown_address']),
  user_id: z.nullable(z.number()),
  already_recorded: z.boolean(),
});
const withdrawalAnswer = z.object({ id: z.string(), from: z.string(), to: z.string() });
const flagAnswer = z.object({ network: z.string(), address: z.string(), flag: z.string() });

class CommandError extends Error {}

async function post<T>(path: string, body: Record<string, unknown>, answer: z.ZodMiniType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${serverUrl}/local/chain${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CommandError(`Cannot reach Kopilka at ${serverUrl} (${reason}). Is \`npm start\` running?`);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = z.safeParse(errorAnswer, json);
    if (!failure.success) throw new CommandError(`Kopilka answered HTTP ${response.status} from ${serverUrl}`);
    // The routes exist only in local mode; anywhere else the path is the plain not-found answer.
    const hint =
      failure.data.code === 'not_found' ? ' (the simulator answers only when the server runs in local mode)' : '';
    const issues = (failure.data.data?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    const details = issues.length === 0 ? '' : ` (${issues.join('; ')})`;
    throw new CommandError(`${failure.data.message}${details} [${failure.data.code}]${hint}`);
  }
  const parsed = z.safeParse(answer, json);
  if (!parsed.success) throw new CommandError(`Unexpected answer from ${serverUrl}: ${JSON.stringify(json)}`);
  return parsed.data;
}

/** Takes `--name value` out of the arguments; answers the value and the rest. */
function option(args: readonly string[], name: string): { value: string | undefined; rest: string[] } {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return { value: undefined, rest: [...args] };
  const value = args[index + 1];
  if (value === undefined) throw new CommandError(`--${name} needs a value`);
  return { value, rest: args.filter((_, position) => position !== index && position !== index + 1) };
}

async function deposit(args: readonly string[]): Promise<string> {
  const network = option(args, 'network');
  const txid = option(network.rest, 'txid');
  const [address, amount, asset] = txid.rest;
  if (address === undefined || amount === undefined) throw new CommandError(usage);
  const body = {
    address,
    amount,
    ...(asset === undefined ? {} : { asset: asset.toUpperCase() }),
    ...(network.value === undefined ? {} : { network: network.value.toUpperCase() }),
    ...(txid.value === undefined ? {} : { txid: txid.value }),
  };
  const result = await post('/deposit', body, depositAnswer);
  const what = `${amount} ${result.asset} (${result.amount} smallest units) on ${result.network} to ${result.address}`;
  if (result.already_recorded) {
    return `Already seen: ${result.network} transaction ${result.txid} was recorded before (${result.status}); nothing moved this time.`;
  }
  switch (result.status) {
    case 'credited':
      return `Credited ${what}, user ${result.user_id}; txid ${result.txid}.`;
    case 'below_minimum':
      return `Recorded ${what}, user ${result.user_id}, but NOT credited: below the network's deposit minimum; txid ${result.txid}.`;
    case 'unknown_address':
      return `Recorded ${what}, but NOT credited: no Kopilka user has this deposit address; txid ${result.txid}.`;
  }
}

async function withdrawal(args: readonly string[]): Promise<string> {
  const [id, outcome, ...reasonWords] = args;
  if (id === undefined || outcome === undefined) throw new CommandError(usage);
  const reason = reasonWords.join(' ');
  const result = await post(
    `/withdrawal/${encodeURIComponent(id)}/${encodeURIComponent(outcome)}`,
    reason === '' ? {} : { reason },
    withdrawalAnswer,
  );
  return `Withdrawal ${result.id}: ${result.from} → ${result.to}.`;
}

async function flag(args: readonly string[]): Promise<string> {
  const [network, address, flagName, ...noteWords] = args;
  if (network === undefined || address === undefined || flagName === undefined) throw new CommandError(usage);
  const note = noteWords.join(' ');
  const result = await post(
    '/flag',
    { network: network.toUpperCase(), address, flag: flagName, ...(note === '' ? {} : { note }) },
    flagAnswer,
  );
  return `Flagged ${result.address} on ${result.network} as ${result.flag}.`;
}

const commands: Readonly<Record<string, (args: readonly string[]) => Promise<string>>> = { deposit, withdrawal, flag };

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    console.error(usage);
    process.exit(name === 'help' || name === '--help' ? 0 : 1);
  }
  try {
    console.log(await command(args));
  } catch (error) {
    console.error(error instanceof CommandError ? error.message : error);
    process.exit(1);
  }
}

await main();
