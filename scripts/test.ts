// `npm test`: the whole suite in the order that fails fastest — static checks,
// unit/machine/contract/server tests, the production build and its size budget,
// then the end-to-end tests in Chromium against the real server. Ends with one
// plain summary line counting every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string;
  args: string[];
}

const vitestReport = 'test-results/vitest-report.json';
const e2eReport = 'test-results/e2e-report.json';

const steps: Step[] = [
  { name: 'browser for the end-to-end tests', command: process.execPath, args: ['scripts/ensure-chromium.ts'] },
  { name: 'translations', command: 'npm', args: ['run', '--silent', 'i18n:check'] },
  { name: 'statechart diagrams up to date', command: 'npm', args: ['run', '--silent', 'diagrams', '--', '--check'] },
  { name: 'types', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  {
    name: 'unit, machine, contract and server tests',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  { name: 'bundle budget', command: 'npm', args: ['run', '--silent', 'size'] },
  { name: 'end-to-end tests', command: 'npx', args: ['playwright', 'test'] },
];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(): Counts {
  if (!existsSync(vitestReport)) return { passed: 0, failed: 0, skipped: 0 };
  const report: { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number } =
    JSON.parse(readFileSync(vitestReport, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(): Counts {
  if (!existsSync(e2eReport)) return { passed: 0, failed: 0, skipped: 0 };
  const report: { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } = JSON.parse(
    readFileSync(e2eReport, 'utf8'),
  );
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

mkdirSync('test-results', { recursive: true });
// Reports from an earlier run must not be counted as this run's.
for (const report of [vitestReport, e2eReport]) rmSync(report, { force: true });
const started = Date.now();
let failedStep: string | null = null;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(step.command, step.args, { stdio: 'inherit' });
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}

const counts = [vitestCounts(), playwrightCounts()].reduce(
  (sum, next) => ({
    passed: sum.passed + next.passed,
    failed: sum.failed + next.failed,
    skipped: sum.skipped + next.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\n${failedStep ? `Failed at: ${failedStep}` : 'Every step passed'} (${seconds} s)`);
// A failed check that is not a test still counts as one failure in the summary.
const failed = counts.failed + (failedStep && counts.failed === 0 ? 1 : 0);
console.log(`tests: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
