// `npm run mutate [-- module…]`: StrykerJS over the money, auth and lifecycle modules, one module
// per run (stryker/modules.ts lists them; default: all, in that order). Incremental: a module's
// earlier result (reports/stryker/<module>/incremental.json) is reused for unchanged code and
// tests. KOPILKA_MUTATE_CONCURRENCY (default 2) caps the test processes. Not part of `npm test`.
// Runs under Node 24's type stripping: erasable TypeScript only.
import { spawnSync } from 'node:child_process';
import { mutationModules } from '../stryker/modules.ts';

const known = Object.keys(mutationModules);
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown module(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of asked.length > 0 ? asked : known) {
  console.log(`\n=== Mutating ${name}`);
  const run = spawnSync('stryker', ['run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, KOPILKA_MUTATE: name },
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
