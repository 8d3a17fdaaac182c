// `npm run lighthouse`: Lighthouse's mobile performance audit of the two first screens that
// matter, on a production build served by the real server.
//
// It builds the app into APP_DIR (`npm run build`; LIGHTHOUSE_BUILD=0 serves APP_DIR as it is),
// starts the real server (`scripts/start.ts`) in local mode on a free port with a throwaway data
// directory, gives one Telegram user a few chain deposits (so the signed-in home has a balance
// and a history), then runs Lighthouse (the npm
// package, driving Debian's Chromium) with its default mobile form factor and simulated mobile
// throttling, RUNS times (3) on each page:
//   - the signed-out web home, `/`;
//   - the signed-in mini-app home: `/` with Telegram's launch parameters in the hash, init data
//     signed with the local bot token, exactly as e2e's `miniAppUrl` builds it; it signs in by itself.
// Every run starts from an empty cache and empty storage (Lighthouse's default). It prints the
// median of LCP, CLS, TBT and bytes transferred, and two counts of dependent round trips (see
// `dependentRoundTrips` and docs/performance.md).
//
// Settings (environment): APP_DIR (dist/app), LIGHTHOUSE_BUILD (1), RUNS (3), CHROMIUM_PATH
// (/usr/bin/chromium), LIGHTHOUSE_JSON (a folder to keep every run's full report in; none by default).
// Runs under Node 24's type stripping: erasable TypeScript only.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as z from 'zod/mini';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { miniAppUrl } from '../e2e/support/telegram.ts';
import { median } from './bench/stats.ts';
import { freePort } from './free-port.ts';
import { seedMiniAppUser, startLocalServer, stopLocalServer } from './local-server.ts';

const runs = Number(process.env.RUNS || '3');
const appDir = resolve(process.env.APP_DIR || 'dist/app');
const keepReportsIn = process.env.LIGHTHOUSE_JSON ? resolve(process.env.LIGHTHOUSE_JSON) : null;
const miniAppUserId = 777_000_010;

// ---- The real server ----

/**
 * Always a fresh build: start.ts's own check compares modification times, which a build copied
 * or made under another clock can defeat, and a measurement of an old build misleads.
 */
function build(): void {
  console.log(`Building the app into ${appDir}…`);
  const result = spawnSync('npm', ['run', '--silent', 'build', '--', '--outDir', appDir, '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The app did not build');
}

// ---- Reading a Lighthouse result ----

const numericAudit = z.object({ numericValue: z.number() });
const networkRequest = z.object({
  url: z.string(),
  networkRequestTime: z.optional(z.number()),
  networkEndTime: z.optional(z.number()),
  statusCode: z.number(),
  resourceType: z.optional(z.string()),
});
const networkRequestsAudit = z.object({
  details: z.object({
    items: z.array(networkRequest),
    debugData: z.object({ networkStartTimeTs: z.number() }),
  }),
});
const metricsAudit = z.object({
  details: z.object({ items: z.array(z.object({ observedLargestContentfulPaintTs: z.optional(z.number()) })) }),
});
interface ChainNode {
  children?: Record<string, ChainNode>;
}
const chainNode: z.ZodMiniType<ChainNode> = z.object({
  get children() {
    return z.optional(z.record(z.string(), chainNode));
  },
});
const dependencyTreeAudit = z.object({
  details: z.object({
    items: z.array(z.object({ value: z.optional(z.object({ chains: z.optional(z.record(z.string(), chainNode)) })) })),
  }),
});
const lighthouseResult = z.object({ audits: z.record(z.string(), z.unknown()) });

type NetworkRequest = z.infer<typeof networkRequest>;

interface Measurement {
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly cls: number;
  readonly tbtMs: number;
  readonly bytes: number;
  /** The longest chain of Lighthouse's network dependency tree (its critical request chains). */
  readonly criticalChain: number;
  /** Requests one after another, each sent after the previous arrived, before the LCP. */
  readonly roundTrips: number;
  readonly roundTripPath: readonly string[];
}

function numeric(audits: Record<string, unknown>, id: string): number {
  return z.parse(numericAudit, audits[id]).numericValue;
}

function chainDepth(chains: Record<string, ChainNode> | undefined): number {
  if (chains === undefined) return 0;
  return Math.max(0, ...Object.values(chains).map((node) => 1 + chainDepth(node.children)));
}

/** What a first screen waits for; the favicon and images are fetched alongside, not before it. */
const chainedTypes = new Set(['Document', 'Script', 'Stylesheet', 'Font', 'Fetch', 'XHR']);

/**
 * The longest sequence of requests of the page's own origin (documents, scripts, styles, fonts
 * and API reads) in which each request was sent only after the one before it had fully arrived,
 * counting only requests that arrived before the largest contentful paint. Requests in flight together count once; a request that waited for
 * another (a chunk the entry imports, a read that needs the sign-in's answer) adds one. It is an
 * upper bound on true dependencies: a request that merely happened to start later also counts.
 */
function dependentRoundTrips(
  requests: readonly NetworkRequest[],
  origin: string,
  lcpAt: number,
): { depth: number; path: string[] } {
  const own = requests
    .filter(
      (request) =>
        request.url.startsWith(origin) &&
        chainedTypes.has(request.resourceType ?? '') &&
        request.networkRequestTime !== undefined &&
        request.networkEndTime !== undefined &&
        request.networkEndTime <= lcpAt,
    )
    .sort((a, b) => (a.networkRequestTime ?? 0) - (b.networkRequestTime ?? 0));
  const best: { depth: number; path: string[] }[] = [];
  own.forEach((request, index) => {
    let chosen = { depth: 0, path: [] as string[] };
    for (let earlier = 0; earlier < index; earlier += 1) {
      const before = own[earlier];
      const reached = best[earlier];
      if (before === undefined || reached === undefined) continue;
      if ((before.networkEndTime ?? 0) <= (request.networkRequestTime ?? 0) && reached.depth > chosen.depth) {
        chosen = reached;
      }
    }
    const name = new URL(request.url).pathname;
    best.push({ depth: chosen.depth + 1, path: [...chosen.path, name] });
  });
  return best.reduce((longest, next) => (next.depth > longest.depth ? next : longest), { depth: 0, path: [] });
}

function measurement(lhr: unknown, origin: string): Measurement {
  const { audits } = z.parse(lighthouseResult, lhr);
  const network = z.parse(networkRequestsAudit, audits['network-requests']).details;
  const metrics = z.parse(metricsAudit, audits.metrics).details.items[0];
  const lcpTs = metrics?.observedLargestContentfulPaintTs;
  // Both in microseconds on the trace clock; the requests' times are milliseconds from networkStartTimeTs.
  const lcpAt = lcpTs === undefined ? Number.POSITIVE_INFINITY : (lcpTs - network.debugData.networkStartTimeTs) / 1000;
  const trips = dependentRoundTrips(network.items, origin, lcpAt);
  const tree = z.safeParse(dependencyTreeAudit, audits['network-dependency-tree-insight']);
  const chains = tree.success ? tree.data.details.items.find((item) => item.value?.chains)?.value?.chains : undefined;
  return {
    fcpMs: numeric(audits, 'first-contentful-paint'),
    lcpMs: numeric(audits, 'largest-contentful-paint'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    tbtMs: numeric(audits, 'total-blocking-time'),
    bytes: numeric(audits, 'total-byte-weight'),
    criticalChain: chainDepth(chains),
    roundTrips: trips.depth,
    roundTripPath: trips.path,
  };
}

// ---- Running ----

async function audit(url: string, origin: string, port: number, label: string, run: number): Promise<Measurement> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
  const runtimeError = result.lhr.runtimeError;
  if (runtimeError !== undefined) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
  if (keepReportsIn !== null) {
    mkdirSync(keepReportsIn, { recursive: true });
    writeFileSync(join(keepReportsIn, `${label}-${run}.json`), JSON.stringify(result.lhr));
  }
  return measurement(result.lhr, origin);
}

function summary(label: string, measured: readonly Measurement[]): void {
  const pick = (read: (m: Measurement) => number) => median(measured.map(read));
  const list = (read: (m: Measurement) => number, digits: number) =>
    measured.map((m) => read(m).toFixed(digits)).join(' / ');
  const typical = [...measured].sort((a, b) => a.roundTrips - b.roundTrips)[Math.floor(measured.length / 2)];
  console.log(`\n${label} (median of ${measured.length}; each run in brackets)`);
  console.log(`  FCP    ${(pick((m) => m.fcpMs) / 1000).toFixed(2)} s   [${list((m) => m.fcpMs / 1000, 2)}]`);
  console.log(`  LCP    ${(pick((m) => m.lcpMs) / 1000).toFixed(2)} s   [${list((m) => m.lcpMs / 1000, 2)}]`);
  console.log(`  CLS    ${pick((m) => m.cls).toFixed(3)}    [${list((m) => m.cls, 3)}]`);
  console.log(`  TBT    ${pick((m) => m.tbtMs).toFixed(0)} ms   [${list((m) => m.tbtMs, 0)}]`);
  console.log(
    `  bytes  ${(pick((m) => m.bytes) / 1024).toFixed(1)} KiB transferred   [${list((m) => m.bytes / 1024, 1)}]`,
  );
  console.log(
    `  dependent round trips before LCP ${pick((m) => m.roundTrips)}   [${list((m) => m.roundTrips, 0)}]; ` +
      `Lighthouse's longest critical chain ${pick((m) => m.criticalChain)}   [${list((m) => m.criticalChain, 0)}]`,
  );
  if (typical !== undefined) console.log(`  a run with the median round trips: ${typical.roundTripPath.join(' → ')}`);
}

const workDir = mkdtempSync(join(tmpdir(), 'kopilka-lighthouse-'));
let server: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
try {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  if (process.env.LIGHTHOUSE_BUILD !== '0') build();
  console.log(`Kopilka Lighthouse: serving ${appDir} on ${origin}, mobile (simulated throttling), ${runs} runs a page`);
  server = await startLocalServer(port, join(workDir, 'data'), appDir);
  await seedMiniAppUser(origin, miniAppUserId);
  const profile = join(workDir, 'chromium');
  mkdirSync(profile);
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    userDataDir: profile,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const pages = [
    { label: 'signed-out web home', name: 'web-home', url: `${origin}/` },
    {
      label: 'signed-in mini-app home',
      name: 'mini-app-home',
      url: `${origin}${miniAppUrl('/', { userId: miniAppUserId })}`,
    },
  ];
  for (const page of pages) {
    const measured: Measurement[] = [];
    for (let run = 1; run <= runs; run += 1) {
      measured.push(await audit(page.url, origin, chrome.port, page.name, run));
    }
    summary(page.label, measured);
  }
} finally {
  if (chrome !== null) chrome.kill();
  if (server !== null) await stopLocalServer(server);
  rmSync(workDir, { recursive: true, force: true });
}
