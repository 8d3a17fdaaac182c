// `npm run bench`: how fast the server answers what the home asks for, on PGlite and on a
// throwaway PostgreSQL 15, and how one account hammering passcode checks slows everyone else.
//
// Phases (BENCH_PHASES, default endpoints,rate,history,orders; passcode on request):
//   endpoints  closed loop on health, balance, settings and history: req/s, p50, p99, ÷ health;
//   rate       open loop (fixed arrivals a second) on the balance poll: p50, p99, late, dropped;
//   history    history page (count=40) p50 at 100, 1,000 and 10,000 operations of one user;
//   passcode   other users' latency while one account hammers passcode checks (issue 8);
//   orders     P2P orders placed by takers at once, then one order, the list and the statistic read.
// The server is built in this process and listens on 127.0.0.1 only; the load comes from a
// worker thread (scripts/bench/load.ts). BENCH_QUICK=1 is the short run CI prints. Every setting
// is in docs/performance.md. Temporary data and the cluster are removed at the end.
// Runs under Node 24's type stripping (erasable TypeScript); the server loads through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./bench/main.ts');
