import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { poEntries, reachedSources } from '../../scripts/vite/catalogParts.ts';

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
