import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogPartsOf, poEntries, reachedSources } from '../../scripts/vite/catalogParts.ts';

describe("a catalog's entries, as the build splits them", () => {
  it("carry the compiled catalog's id of each message and every file that uses it", () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: ru\\n"',
      '',
      '#: src/app/features/account/AccountView.tsx',
      '#: src/app/features/shell/Header.tsx',
      'msgid "Profile"',
      'msgstr "Профиль"',
      '',
      '#: src/app/features/wallet/transactionKinds.ts',
      'msgctxt "transaction type"',
      'msgid "Deposit"',
      'msgstr "Пополнение"',
    ].join('\n');
    // The ids are those in locales/*/messages.ts (Lingui's generateMessageId).
    expect(poEntries(po)).toEqual([
      { id: 'vERlcd', origins: ['src/app/features/account/AccountView.tsx', 'src/app/features/shell/Header.tsx'] },
      { id: 'oRFmNr', origins: ['src/app/features/wallet/transactionKinds.ts'] },
    ]);
  });
});

describe('the sources the first screens reach', () => {
  let root = '';
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('follow static, dynamic and re-exporting imports, and stop at a fence', () => {
    root = mkdtempSync(join(tmpdir(), 'kopilka-reach-'));
    write(
      'src/main.tsx',
      "import { a } from './a.ts';\nconst later = () => import('./lazy.tsx');\nimport './fence.ts';",
    );
    write('src/a.ts', "export { b } from './deeper/b.ts';\nimport { z } from 'zod/mini';");
    write('src/deeper/b.ts', 'export const b = 1;');
    write('src/lazy.tsx', 'export const lazy = 1;');
    write('src/fence.ts', "import './behind.ts';");
    write('src/behind.ts', '');
    write('src/unused.ts', '');

    expect([...reachedSources(root, ['src/main.tsx'], (file) => file === 'src/fence.ts')].sort()).toEqual([
      'src/a.ts',
      'src/deeper/b.ts',
      'src/fence.ts',
      'src/lazy.tsx',
      'src/main.tsx',
    ]);
  });
});

describe('which part of the catalog a text goes to', () => {
  const first = new Set(['src/app/main.tsx', 'src/app/features/home/HomeView.tsx']);
  const withdraw = { name: 'withdraw', sources: new Set(['src/app/features/withdraw/WithdrawFlowView.tsx']) };
  const isRoute = (file: string) => file.startsWith('src/app/routes/');
  const partsOf = (origins: string[]) => catalogPartsOf(origins, first, [withdraw], isRoute);

  it('puts a text a home uses in the first part, even when withdraw uses it too', () => {
    expect(partsOf(['src/app/features/home/HomeView.tsx', 'src/app/features/withdraw/WithdrawFlowView.tsx'])).toEqual([
      'first',
    ]);
  });

  it("puts a route file's own text in the first part", () => {
    expect(partsOf(['src/app/routes/account.tsx'])).toEqual(['first']);
  });

  it("puts a text only withdraw's screen uses in withdraw's part, even when a later screen uses it too", () => {
    expect(
      partsOf(['src/app/features/withdraw/WithdrawFlowView.tsx', 'src/app/features/security/SecurityView.tsx']),
    ).toEqual(['withdraw']);
  });

  it('puts a text no first screen uses in the rest', () => {
    expect(partsOf(['src/app/features/security/SecurityView.tsx'])).toEqual(['rest']);
  });
});
