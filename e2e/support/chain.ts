import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Address } from '@ton/core';

const node = resolve('node_modules/.bin/node');

/** `npm run chain -- deposit <address> <amount>`, as a person would type it; answers what it printed. */
export function chainDeposit(origin: string, address: string, amount: string): string {
  return execFileSync(node, ['scripts/chain.ts', 'deposit', address, amount], {
    env: { ...process.env, KOPILKA_URL: origin },
    encoding: 'utf8',
  });
}

/** A TON test-network wallet address nobody in this wallet owns. */
export function someoneElsesTonAddress(): string {
  return new Address(0, randomBytes(32)).toString({ testOnly: true, bounceable: false });
}
