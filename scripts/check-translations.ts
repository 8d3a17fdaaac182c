// `npm run i18n:check`: fails (exit 1) and lists the messages when
//   1. a message of the English catalog has no Russian translation (or loses a placeholder, or
//      a Russian plural lacks one of the forms one/few/many/other);
//   2. the catalogs are stale against the sources (what `lingui extract --clean` would write);
//   3. the compiled catalogs (locales/*/messages.ts, committed so that a fresh clone type-checks
//      and tests before any build) differ from what `lingui compile --typescript` makes of the .po;
//   4. a Russian word is joined by a plain hyphen («код-пароль»): it must be the non-breaking
//      hyphen U+2011, or a narrow screen breaks the word at the hyphen.
// Runs under Node 24's type stripping: erasable TypeScript only.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface PoEntry {
  context: string;
  id: string;
  translation: string;
}

const root = resolve(import.meta.dirname, '..');
const locales = ['en', 'ru'];
const lingui = join(root, 'node_modules', '@lingui', 'cli', 'dist', 'lingui.js');

/** Reads the quoted string(s) of a po keyword, joining continuation lines. */
function unquote(lines: string[]): string {
  return lines
    .map((line) => {
      const value: unknown = JSON.parse(line.trim());
      return typeof value === 'string' ? value : '';
    })
    .join('');
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('#'));
    const fields: Record<string, string[]> = {};
    let current = '';
    for (const line of lines) {
      const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (keyword) {
        current = keyword[1] ?? '';
        fields[current] = [keyword[2] ?? '""'];
      } else if (line.startsWith('"') && current) {
        fields[current]?.push(line);
      }
    }
    if (!fields.msgid) continue;
    const id = unquote(fields.msgid);
    if (id === '') continue; // the header
    entries.push({
      context: fields.msgctxt ? unquote(fields.msgctxt) : '',
      id,
      translation: unquote(fields.msgstr ?? ['""']),
    });
  }
  return entries;
}

function keyOf(entry: PoEntry): string {
  return entry.context ? `${entry.context}\u0004${entry.id}` : entry.id;
}

function label(entry: PoEntry): string {
  return entry.context ? `[${entry.context}] ${entry.id}` : entry.id;
}

/** Names of the ICU arguments of a message: `{name}`, `{count, plural, …}`. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*(?:[,}])/g)) if (match[1]) names.add(match[1]);
  return [...names].sort();
}

/** Words joined by a plain hyphen, which a line may break at («код-|пароль»). */
export function breakableHyphenatedWords(message: string): string[] {
  return [...message.matchAll(/[\p{L}]+-[\p{L}]+/gu)].map((match) => match[0]);
}

/** Russian needs one, few, many and other in every plural. */
export function missingRussianPluralForms(message: string): string[] {
  if (!/,\s*plural\s*,/.test(message)) return [];
  return ['one', 'few', 'many', 'other'].filter((form) => !new RegExp(`(^|[\\s,}])${form}\\s*\\{`).test(message));
}

export function translationProblems(english: PoEntry[], russian: PoEntry[]): string[] {
  const byKey = new Map(russian.map((entry) => [keyOf(entry), entry]));
  const problems: string[] = [];
  for (const source of english) {
    const target = byKey.get(keyOf(source));
    if (!target || target.translation.trim() === '') {
      problems.push(`missing Russian translation: ${label(source)}`);
      continue;
    }
    const expected = argumentsOf(source.id).join(', ');
    const actual = argumentsOf(target.translation).join(', ');
    if (expected !== actual) problems.push(`placeholders differ ({${expected}} vs {${actual}}): ${label(source)}`);
    const forms = missingRussianPluralForms(target.translation);
    if (forms.length > 0) problems.push(`Russian plural lacks ${forms.join(', ')}: ${label(source)}`);
    const hyphenated = breakableHyphenatedWords(target.translation);
    if (hyphenated.length > 0)
      problems.push(`Russian joins ${hyphenated.join(', ')} with a plain hyphen (use U+2011 ‑): ${label(source)}`);
  }
  return problems;
}

function run(args: string[], cwd: string): { ok: boolean; output: string } {
  const result = spawnSync(process.execPath, [lingui, ...args], { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

function readCatalog(locale: string): PoEntry[] {
  const path = join(root, 'locales', locale, 'messages.po');
  return existsSync(path) ? parsePo(readFileSync(path, 'utf8')) : [];
}

/**
 * Works on a copy of the .po catalogs: compiles it and compares the result with the committed
 * messages.ts, then extracts into it and lists the messages the sources add or no longer use.
 */
function checkAgainstSources(english: PoEntry[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'kopilka-i18n-'));
  try {
    cpSync(join(root, 'locales'), join(dir, 'locales'), {
      recursive: true,
      filter: (source) => !source.endsWith('.ts'),
    });
    const config = {
      sourceLocale: 'en',
      locales,
      fallbackLocales: { default: 'en' },
      catalogs: [{ path: join(dir, 'locales', '{locale}', 'messages'), include: [join(root, 'src', 'app')] }],
      orderBy: 'messageId',
    };
    const configPath = join(dir, 'lingui.config.js');
    writeFileSync(configPath, `export default ${JSON.stringify(config)};\n`);
    const problems: string[] = [];

    const compiled = run(['compile', '--typescript', '--config', configPath], root);
    if (!compiled.ok) return [`lingui compile failed:\n${compiled.output}`];
    for (const locale of locales) {
      const committed = join(root, 'locales', locale, 'messages.ts');
      const fresh = readFileSync(join(dir, 'locales', locale, 'messages.ts'), 'utf8');
      if (!existsSync(committed) || readFileSync(committed, 'utf8') !== fresh)
        problems.push(
          `locales/${locale}/messages.ts is not the compiled form of messages.po: run npm run i18n:compile`,
        );
    }

    const extracted = run(['extract', '--clean', '--config', configPath], root);
    if (!extracted.ok) return [...problems, `lingui extract failed:\n${extracted.output}`];
    const current = new Map(english.map((entry) => [keyOf(entry), entry]));
    const expected = new Map(
      parsePo(readFileSync(join(dir, 'locales', 'en', 'messages.po'), 'utf8')).map((entry) => [keyOf(entry), entry]),
    );
    for (const [key, entry] of expected)
      if (!current.has(key))
        problems.push(`stale catalogs, new in the sources (run npm run i18n:extract): ${label(entry)}`);
    for (const [key, entry] of current)
      if (!expected.has(key))
        problems.push(`stale catalogs, no longer in the sources (run npm run i18n:extract): ${label(entry)}`);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const problems: string[] = [];

  const english = readCatalog('en');
  if (english.length === 0) problems.push('locales/en/messages.po is missing or empty: run npm run i18n:extract');
  problems.push(...translationProblems(english, readCatalog('ru')));

  problems.push(...checkAgainstSources(english));

  if (problems.length > 0) {
    console.error(`Translations: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(
    `Translations: ${english.length} messages, every one in Russian; catalogs and compiled catalogs are current.`,
  );
}

if (import.meta.main) main();
