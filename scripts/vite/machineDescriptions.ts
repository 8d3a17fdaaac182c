import { type Plugin, parseSync } from 'vite';

/**
 * The statecharts' `description` texts left out of the build (issue 10: first-screen bytes). They
 * document the machines for people: `npm run diagrams` writes them into docs/statecharts from the
 * sources, and the development server keeps them for the inspector; the app never reads them. On
 * the withdraw screen the sign-in, theme, toast, loading-indicator and withdraw machines carry
 * about 2.6 KB of them.
 *
 * Only a `description` whose value is a string or a template and whose object is a state node or
 * a transition (it has one of `stateNodeKeys`, or it is a value of an `on` map: a transition that
 * only documents an ignored event) goes: a context field or an event that happens to be called
 * `description` (the P2P offer's conditions) stays. The text is replaced by as many
 * spaces, its line breaks kept, so every position in the file, and the source map, stays true.
 */
const stateNodeKeys = new Set([
  'target',
  'on',
  'states',
  'initial',
  'invoke',
  'always',
  'after',
  'entry',
  'exit',
  'tags',
  'guard',
  'actions',
  'src',
  'onDone',
  'onError',
  'reenter',
]);

interface AstNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string';
}

function keyName(property: AstNode): string | null {
  const key: unknown = Reflect.get(property, 'key');
  if (!isNode(key) || Reflect.get(property, 'computed') === true) return null;
  const name: unknown = key.type === 'Identifier' ? Reflect.get(key, 'name') : Reflect.get(key, 'value');
  return typeof name === 'string' ? name : null;
}

function isText(value: unknown): boolean {
  if (!isNode(value)) return false;
  return (
    value.type === 'TemplateLiteral' || (value.type === 'Literal' && typeof Reflect.get(value, 'value') === 'string')
  );
}

/** The [start, end) ranges of the state nodes' and transitions' descriptions in `code`, each with its comma. */
export function descriptionRanges(code: string, file: string): Array<[number, number]> {
  const { program, errors } = parseSync(file, code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (errors.length > 0) return [];
  const ranges: Array<[number, number]> = [];
  // `role`: what the object is known to be from where it sits: a transition (a value in an `on`
  // map, or an item of its array), the `on` map itself, or unknown.
  const visit = (value: unknown, role: 'transition' | 'onMap' | 'unknown'): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, role === 'transition' ? 'transition' : 'unknown');
      return;
    }
    if (!isNode(value)) return;
    if (value.type === 'ArrayExpression') {
      visit(Reflect.get(value, 'elements'), role === 'transition' ? 'transition' : 'unknown');
      return;
    }
    if (value.type === 'ObjectExpression') {
      const properties: unknown = Reflect.get(value, 'properties');
      const list = Array.isArray(properties) ? properties.filter(isNode) : [];
      const names = list.map(keyName);
      if (role === 'transition' || names.some((name) => name !== null && stateNodeKeys.has(name))) {
        for (const property of list) {
          if (property.type !== 'Property' || keyName(property) !== 'description') continue;
          if (!isText(Reflect.get(property, 'value'))) continue;
          const comma = /^\s*,/.exec(code.slice(property.end));
          ranges.push([property.start, property.end + (comma?.[0].length ?? 0)]);
        }
      }
      for (const property of list) {
        const name = keyName(property);
        const child: unknown = Reflect.get(property, 'value');
        visit(child, name === 'on' ? 'onMap' : role === 'onMap' ? 'transition' : 'unknown');
      }
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'type' && typeof child === 'object') visit(child, 'unknown');
    }
  };
  visit(program, 'unknown');
  return ranges;
}

/** `code` with each range blanked: spaces for its characters, its line breaks kept. */
export function blankRanges(code: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  let out = code;
  for (const [start, end] of ranges) {
    out = out.slice(0, start) + out.slice(start, end).replace(/[^\n\r]/g, ' ') + out.slice(end);
  }
  return out;
}

export function machineDescriptions(): Plugin {
  return {
    name: 'kopilka:machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]machines[\\/][^?]*\.ts$/.test(id) || !code.includes('description')) return null;
      const ranges = descriptionRanges(code, id);
      if (ranges.length === 0) return null;
      // Same length, same lines: positions do not move, so no new source map is needed.
      return { code: blankRanges(code, ranges), map: null };
    },
  };
}
