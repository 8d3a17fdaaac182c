/**
 * Writes docs/statecharts/<flow>.md for every machines/<flow>.machine.ts, and an index, from the
 * machine definitions themselves: states (nested too), transitions with their events, guards and
 * actions, delayed transitions as "after N ms", and tags. Never edit the output by hand.
 *
 *   npm run diagrams            write the files
 *   npm run diagrams -- --check exit 1 when a file is missing or out of date (for CI)
 *
 * Runs under plain Node 24 (type stripping): erasable TypeScript only, and the machines are loaded
 * with import(), so they too must stick to erasable syntax and `.ts` relative imports.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type AnyStateMachine, type AnyTransitionDefinition, StateMachine, type StateNode } from 'xstate';

const root = fileURLToPath(new URL('..', import.meta.url));
const machinesDir = join(root, 'machines');
const outDir = join(root, 'docs', 'statecharts');
const check = process.argv.includes('--check');

/** Words Mermaid's state diagram grammar reserves; a state with such a key gets a longer id. */
const RESERVED = new Set([
  'state',
  'note',
  'end',
  'direction',
  'class',
  'classDef',
  'style',
  'as',
  'left',
  'right',
  'of',
]);

interface Row {
  description: string;
  from: string;
  event: string;
  guard: string;
  to: string;
  actions: string;
}

function allNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

function actionNames(actions: readonly unknown[]): string[] {
  const names: string[] = [];
  for (const action of actions) {
    let name = 'inline action';
    if (typeof action === 'string') name = action;
    else if (typeof action === 'object' && action !== null && 'type' in action) name = String(action.type);
    else if (typeof action === 'function' && 'type' in action) name = String(action.type);
    // Built-ins xstate adds itself (timers of `after`, ...) are drawn as what they cause.
    if (!name.startsWith('xstate.')) names.push(name);
  }
  return names;
}

function guardLabel(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function' && 'guards' in guard && Array.isArray(guard.guards)) {
    const parts = guard.guards.map((inner: unknown) => guardLabel(inner));
    if (guard.name === 'not') return `not ${parts.join(', ')}`;
    return parts.join(guard.name === 'or' ? ' or ' : ' and ');
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function' && guard.name !== '') return guard.name;
  return 'inline guard';
}

function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return `after ${delay} ms`;
  const name = String(delay);
  const value: unknown = machine.implementations.delays[name];
  return typeof value === 'number' ? `after ${value} ms (${name})` : `after ${name}`;
}

function describeMachine(machine: AnyStateMachine): { mermaid: string[]; rows: Row[]; nodes: StateNode[] } {
  const nodes = allNodes(machine.root);
  const keyCounts = new Map<string, number>();
  for (const node of nodes) keyCounts.set(node.key, (keyCounts.get(node.key) ?? 0) + 1);
  const mermaidId = (node: StateNode): string =>
    keyCounts.get(node.key) === 1 && !RESERVED.has(node.key) && /^[A-Za-z][A-Za-z0-9_]*$/.test(node.key)
      ? node.key
      : node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_');
  const name = (node: StateNode): string => (node === machine.root ? `(${machine.root.key})` : node.path.join('.'));

  const delays = new Map<string, unknown>();
  for (const node of nodes) for (const delayed of node.after) delays.set(delayed.eventType, delayed.delay);

  const eventLabel = (transition: AnyTransitionDefinition): string => {
    if (transition.eventType === '') return 'always';
    if (delays.has(transition.eventType)) return delayLabel(machine, delays.get(transition.eventType));
    return transition.eventType;
  };
  const edgeLabel = (transition: AnyTransitionDefinition, note: string): string => {
    const guard = guardLabel(transition.guard);
    const actions = actionNames(transition.actions);
    let label = eventLabel(transition);
    if (guard !== '') label += ` [${guard}]`;
    if (actions.length > 0) label += ` / ${actions.join(', ')}`;
    if (note !== '') label += ` (${note})`;
    // Characters Mermaid would read as syntax.
    return label.replace(/[;#:]/g, ' ');
  };

  const rows: Row[] = [];
  const lines: string[] = [];
  const emit = (node: StateNode, indent: string): void => {
    const children = Object.values(node.states);
    if (node !== machine.root) {
      if (children.length > 0) lines.push(`${indent}state ${mermaidId(node)} {`);
      else lines.push(`${indent}state ${mermaidId(node)}`);
    }
    const inner = node === machine.root ? indent : `${indent}  `;
    if (children.length > 0) {
      for (const target of node.initial.target) lines.push(`${inner}[*] --> ${mermaidId(target)}`);
      for (const child of children) emit(child, inner);
      if (node.type === 'parallel') lines.push(`${inner}%% parallel regions`);
    }
    if (node !== machine.root && children.length > 0) lines.push(`${indent}}`);
    if (node.type === 'final') lines.push(`${indent}${mermaidId(node)} --> [*]`);

    const tags = [...node.tags].sort();
    if (tags.length > 0 && node !== machine.root) {
      if (children.length > 0) lines.push(`${indent}note right of ${mermaidId(node)} : tags = ${tags.join(', ')}`);
      else lines.push(`${indent}${mermaidId(node)} : tags = ${tags.join(', ')}`);
    }
  };
  emit(machine.root, '  ');

  const stays = new Map<StateNode, string[]>();
  for (const node of nodes) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      const targets = transition.target ?? [];
      const guard = guardLabel(transition.guard);
      const actions = actionNames(transition.actions).join(', ');
      if (targets.length === 0) {
        rows.push({
          from: name(node),
          event: eventLabel(transition),
          guard,
          to: '(stays, no state change)',
          actions,
          description: transition.description ?? '',
        });
        const label = edgeLabel(transition, 'stays');
        if (Object.keys(node.states).length === 0 && node !== machine.root) {
          lines.push(`  ${mermaidId(node)} --> ${mermaidId(node)} : ${label}`);
        } else {
          stays.set(node, [...(stays.get(node) ?? []), label]);
        }
        continue;
      }
      for (const target of targets) {
        const reenters = target === node && transition.reenter;
        rows.push({
          from: name(node),
          event: eventLabel(transition),
          guard,
          to: `${name(target)}${reenters ? ' (re-enters)' : ''}`,
          actions,
          description: transition.description ?? '',
        });
        lines.push(
          `  ${mermaidId(node)} --> ${mermaidId(target)} : ${edgeLabel(transition, reenters ? 're-enters' : '')}`,
        );
      }
    }
  }
  // Targetless transitions of compound states: a self-loop on a cluster does not render well.
  for (const [node, labels] of stays) {
    if (node === machine.root) {
      lines.push(`  note "in every state: ${labels.join(' · ')}" as N_root`);
      continue;
    }
    lines.push(`  note left of ${mermaidId(node)}`, ...labels.map((label) => `    ${label}`), '  end note');
  }
  return { mermaid: ['stateDiagram-v2', ...lines], rows, nodes };
}

function cell(text: string): string {
  return text === '' ? '–' : text.replace(/\|/g, '\\|');
}

function implementationLines(machine: AnyStateMachine): string[] {
  const impl = machine.implementations;
  const listNames = (kind: string, record: Record<string, unknown>): string => {
    const names = Object.keys(record).sort();
    if (names.length === 0) return `- ${kind}: none`;
    return `- ${kind}: ${names
      .map((key) => {
        const value = record[key];
        return typeof value === 'number' ? `\`${key}\` = ${value} ms` : `\`${key}\``;
      })
      .join(', ')}`;
  };
  return [
    listNames('Actions', impl.actions),
    listNames('Guards', impl.guards),
    listNames('Delays', impl.delays),
    listNames('Actors', impl.actors),
  ];
}

function renderMachine(exportName: string, machine: AnyStateMachine): string {
  const { mermaid, rows, nodes } = describeMachine(machine);
  const stateRows = nodes
    .filter((node) => node !== machine.root)
    .map((node) => {
      const entry = actionNames(node.entry).join(', ');
      const exit = actionNames(node.exit).join(', ');
      return `| ${cell(node.path.join('.'))} | ${cell(node.type)} | ${cell([...node.tags].sort().join(', '))} | ${cell(entry)} | ${cell(exit)} | ${cell(node.description ?? '')} |`;
    });
  const events = [...new Set(rows.map((row) => row.event))].filter((event) => !event.startsWith('after ')).sort();
  return [
    `### \`${exportName}\` (id \`${machine.id}\`)`,
    '',
    machine.root.description ?? '',
    '',
    '```mermaid',
    ...mermaid,
    '```',
    '',
    '#### States',
    '',
    '| State | Type | Tags | Entry | Exit | Description |',
    '| --- | --- | --- | --- | --- | --- |',
    ...stateRows,
    '',
    '#### Transitions',
    '',
    '| From | Event | Guard | To | Actions | Description |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${cell(row.from)} | ${cell(row.event)} | ${cell(row.guard)} | ${cell(row.to)} | ${cell(row.actions)} | ${cell(row.description)} |`,
    ),
    '',
    '#### Events and implementations',
    '',
    `- Events: ${events.map((event) => `\`${event}\``).join(', ')}`,
    ...implementationLines(machine),
    '',
  ].join('\n');
}

const files = readdirSync(machinesDir)
  .filter((file) => file.endsWith('.machine.ts'))
  .sort();

const index: string[] = [];
const outputs = new Map<string, string>();
for (const file of files) {
  const flow = basename(file, '.machine.ts');
  const module: Record<string, unknown> = await import(pathToFileURL(join(machinesDir, file)).href);
  const sections: string[] = [];
  const ids: string[] = [];
  for (const [exportName, value] of Object.entries(module)) {
    if (!(value instanceof StateMachine)) continue;
    sections.push(renderMachine(exportName, value));
    ids.push(value.id);
  }
  if (sections.length === 0) continue;
  outputs.set(
    `${flow}.md`,
    [
      `# ${flow}`,
      '',
      `<!-- Generated by \`npm run diagrams\` from machines/${file}. Do not edit by hand. -->`,
      '',
      `Source: [machines/${file}](../../machines/${file})`,
      '',
      ...sections,
    ].join('\n'),
  );
  index.push(`| [${flow}](./${flow}.md) | ${ids.map((id) => `\`${id}\``).join(', ')} | \`machines/${file}\` |`);
}

outputs.set(
  'README.md',
  [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run diagrams`. Do not edit by hand. -->',
    '',
    'One page per `machines/<flow>.machine.ts`, generated from the machine definitions: a Mermaid',
    'state diagram, the states with their tags, every transition, and the named actions, guards,',
    'delays and actors the app may provide. Regenerate with `npm run diagrams` after changing a',
    'machine; `npm run diagrams -- --check` fails when a page is out of date.',
    '',
    '| Flow | Machine ids | Source |',
    '| --- | --- | --- |',
    ...index,
    '',
  ].join('\n'),
);

let stale = 0;
if (!check) mkdirSync(outDir, { recursive: true });
for (const [name, text] of outputs) {
  const path = join(outDir, name);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === text) continue;
  if (check) {
    stale += 1;
    console.error(`out of date: docs/statecharts/${name}`);
  } else {
    writeFileSync(path, text);
    console.log(`wrote docs/statecharts/${name}`);
  }
}
if (check && stale > 0) process.exit(1);
if (!check && stale === 0) console.log(`docs/statecharts: ${outputs.size} files`);
