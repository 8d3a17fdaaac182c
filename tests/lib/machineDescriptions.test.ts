import { describe, expect, it } from 'vitest';
import { blankRanges, descriptionRanges } from '../../scripts/vite/machineDescriptions.ts';

const source = [
  'export const machine = setup({ types: {} as { context: { description: string } } }).createMachine({',
  "  id: 'offer',",
  "  description: 'Publishes an offer.',",
  "  context: { description: '', market: 'RUB' },",
  "  initial: 'editing',",
  '  states: {',
  '    editing: {',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the machine's source holds a template literal.
  '      description: `Typed ${"here"}, kept on back.`,',
  "      on: { 'text.change': { actions: assign(({ event }) => ({ description: event.text })) } },",
  "      always: { target: 'done', description: 'Nothing to type.' },",
  "      on: { 'toast.show': { description: 'Dropped while typing.' }, 'text.clear': [{ description: 'Ignored.' }] },",
  '    },',
  "    done: { type: 'final' },",
  '  },',
  '});',
].join('\n');

function blanked(code: string): string {
  return blankRanges(code, descriptionRanges(code, 'machines/offer.machine.ts'));
}

describe("the statecharts' descriptions, left out of the build", () => {
  it('go from the machine, its state nodes and its transitions, with their commas', () => {
    const out = blanked(source);
    expect(out).not.toContain('Publishes an offer.');
    expect(out).not.toContain('kept on back');
    expect(out).not.toContain('Nothing to type.');
    expect(out).not.toContain('Dropped while typing.');
    expect(out).not.toContain('Ignored.');
    expect(out).toContain("always: { target: 'done',  ");
  });

  it('stay where the word names data: a context field, an assigned value', () => {
    const out = blanked(source);
    expect(out).toContain("context: { description: '', market: 'RUB' },");
    expect(out).toContain('({ description: event.text })');
  });

  it('leave every other character where it was, so the source map stays true', () => {
    const out = blanked(source);
    expect(out).toHaveLength(source.length);
    expect(out.split('\n').map((line) => line.length)).toEqual(source.split('\n').map((line) => line.length));
    expect(out.replace(/\s+/g, ' ')).toBe(
      [
        'export const machine = setup({ types: {} as { context: { description: string } } }).createMachine({',
        "id: 'offer',",
        "context: { description: '', market: 'RUB' },",
        "initial: 'editing',",
        'states: {',
        'editing: {',
        "on: { 'text.change': { actions: assign(({ event }) => ({ description: event.text })) } },",
        "always: { target: 'done', },",
        "on: { 'toast.show': { }, 'text.clear': [{ }] },",
        '},',
        "done: { type: 'final' },",
        '},',
        '});',
      ].join(' '),
    );
  });

  it('leave a file that does not parse as it is', () => {
    expect(descriptionRanges("createMachine({ description: 'x', on: {", 'machines/broken.machine.ts')).toEqual([]);
  });
});
