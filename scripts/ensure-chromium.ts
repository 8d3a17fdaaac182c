// The end-to-end tests need a Chromium, and Playwright never downloads one here. Before
// `npm test` spends minutes on other steps, find it, or install Debian's package when this
// machine lets us, or say the one command that does.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const debianChromium = '/usr/bin/chromium';
const installCommand = 'sudo apt-get install -y chromium';

function run(command: string, args: string[]): boolean {
  return (
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0
  );
}

function canRun(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** root, or a sudo that asks no password: the prefix that runs apt-get, or null. */
function privilegedPrefix(): string[] | null {
  if (process.getuid?.() === 0) return [];
  if (canRun('sudo', ['-n', 'true'])) return ['sudo', '-n'];
  return null;
}

function installDebianChromium(): boolean {
  if (!canRun('apt-get', ['--version'])) return false;
  const prefix = privilegedPrefix();
  if (prefix === null) return false;
  const [command = 'apt-get', ...rest] = [...prefix, 'apt-get'];
  console.log('Chromium is missing: installing Debian’s chromium package for the end-to-end tests…');
  return run(command, [...rest, 'update', '-qq']) && run(command, [...rest, 'install', '-y', '-qq', 'chromium']);
}

const configured = process.env.CHROMIUM_PATH;
if (configured !== undefined && configured !== '') {
  if (!existsSync(configured)) {
    console.error(`CHROMIUM_PATH is ${configured}, and there is no file there.`);
    process.exit(1);
  }
} else if (!existsSync(debianChromium) && !(installDebianChromium() && existsSync(debianChromium))) {
  console.error(
    `The end-to-end tests need Chromium at ${debianChromium}. Install it with:\n\n    ${installCommand}\n\n` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary. Playwright never downloads a browser here.',
  );
  process.exit(1);
}
