/**
 * The document upload machine (docs/verification.md "Document uploads in the app").
 *
 * Paths come from the model in tests/machines/support/documentUploadModel.ts; their count is a
 * tripwire and their coverage must be complete. What the person sees along them is checked against
 * hand-written expectations in tests/app/verification/documentUpload.paths.view.test.tsx.
 * Replaying them on the machine itself is only a determinism check; the rules are named tests
 * below, with literal expectations on the machine's real transitions.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { documentUploadMachine } from '../../machines/documentUpload.machine.ts';
import {
  describeEvent,
  documentUploadPaths,
  EFFECTS,
  FILES,
  headOf,
  INPUT,
  replayMachine,
  UPLOADED_DOCUMENT,
} from './support/documentUploadModel.ts';
import { coverageOf, flush, initialModelState } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';

const paths = documentUploadPaths();

describe('document upload machine model', () => {
  it('has 81 paths (a tripwire for unintended change)', () => {
    expect(paths.length).toBe(81);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(documentUploadMachine, [initialModelState(documentUploadMachine, INPUT)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('determinism check: document upload paths replayed on the machine itself', () => {
  for (const path of paths) {
    const last = path.steps.at(-1)?.state.snapshot;
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}: ends at ${JSON.stringify(last?.value)}`, async () => {
      const { machine, fakes, effects } = replayMachine();
      const actor = createActor(machine, { input: INPUT }).start();
      let previous = initialModelState(documentUploadMachine, INPUT).snapshot;
      let expectedEffects: string[] = [];
      for (const step of path.steps) {
        await playStep(actor, step.event, previous.value, fakes);
        expectSameSnapshot(actor.getSnapshot(), step.state.snapshot);
        expectedEffects = [
          ...expectedEffects,
          ...step.state.actions.map((action) => action.type).filter((type) => EFFECTS.some((name) => name === type)),
        ];
        expect(effects).toEqual(expectedEffects);
        previous = step.state.snapshot;
      }
      actor.stop();
    });
  }
});

describe('document upload rules', () => {
  async function started() {
    const { machine, fakes, effects } = replayMachine();
    const actor = createActor(machine, { input: INPUT }).start();
    return { actor, fakes, effects };
  }

  async function readyWithPhoto() {
    const run = await started();
    run.actor.send({ type: 'file.choose', file: FILES.photo });
    run.fakes.settle({ type: 'actor.done', id: 'readHead', output: headOf(FILES.photo) });
    await flush();
    return run;
  }

  it('a file one byte over 10 MB is refused before a byte of it is read', async () => {
    const { actor, fakes } = await started();
    actor.send({ type: 'file.choose', file: FILES.huge });
    expect(actor.getSnapshot().value).toEqual({ selection: 'invalid' });
    expect(actor.getSnapshot().context.problem).toBe('file_too_large');
    expect(fakes.inputs('readHead')).toEqual([]);
  });

  it('a file of exactly 10 MB goes on to the type check', async () => {
    const { actor, fakes } = await started();
    const tenMegabytes = new File([new Uint8Array(10 * 1024 * 1024)], 'scan.pdf');
    actor.send({ type: 'file.choose', file: tenMegabytes });
    expect(actor.getSnapshot().value).toEqual({ selection: 'checking' });
    expect(fakes.inputs('readHead')).toEqual([{ file: tenMegabytes }]);
  });

  it('an empty file is refused', async () => {
    const { actor } = await started();
    actor.send({ type: 'file.choose', file: FILES.empty });
    expect(actor.getSnapshot().context.problem).toBe('file_empty');
  });

  it('the type is what the bytes say: an executable named .jpg is refused', async () => {
    const { actor, fakes } = await started();
    actor.send({ type: 'file.choose', file: FILES.renamed });
    fakes.settle({ type: 'actor.done', id: 'readHead', output: headOf(FILES.renamed) });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ selection: 'invalid' });
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'file_type_refused', mediaType: null });
  });

  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xdb], 'image/jpeg'],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [
      'WebP',
      [...'RIFF']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0, 0, 0, 0],
          [...'WEBP'].map((c) => c.charCodeAt(0)),
        ),
      'image/webp',
    ],
    ['HEIC', [0, 0, 0, 0x18, ...[...'ftypheic'].map((c) => c.charCodeAt(0))], 'image/heic'],
    ['PDF', [...'%PDF-1.7'].map((c) => c.charCodeAt(0)), 'application/pdf'],
  ])('a %s file by its bytes is ready to upload as %s', async (_, bytes, mediaType) => {
    const { actor, fakes } = await started();
    actor.send({ type: 'file.choose', file: FILES.photo });
    fakes.settle({ type: 'actor.done', id: 'readHead', output: new Uint8Array(bytes) });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ selection: 'ready' });
    expect(actor.getSnapshot().context.mediaType).toBe(mediaType);
  });

  it('an AVIF image (an ftyp box of another brand) is refused', async () => {
    const { actor, fakes } = await started();
    actor.send({ type: 'file.choose', file: FILES.photo });
    fakes.settle({
      type: 'actor.done',
      id: 'readHead',
      output: new Uint8Array([0, 0, 0, 0x1c, ...[...'ftypavif'].map((c) => c.charCodeAt(0))]),
    });
    await flush();
    expect(actor.getSnapshot().context.problem).toBe('file_type_refused');
  });

  it('uploads the checked file with its type, and progress is kept as it comes', async () => {
    const { actor, fakes, effects } = await readyWithPhoto();
    actor.send({ type: 'upload.start' });
    expect(fakes.inputs('upload')).toEqual([
      { file: FILES.photo, mediaType: 'image/jpeg', reportProgress: expect.any(Function) },
    ]);
    actor.send({ type: 'upload.progress', loaded: 1300, total: 2600 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 1300, total: 2600 });
    fakes.settle({ type: 'actor.done', id: 'upload', output: UPLOADED_DOCUMENT });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects).toEqual(['uploaded']);
  });

  it('the upload reports its progress through the function it is given', async () => {
    const { actor, fakes } = await readyWithPhoto();
    actor.send({ type: 'upload.start' });
    const [input] = fakes.inputs('upload');
    const report: unknown = typeof input === 'object' && input !== null ? Reflect.get(input, 'reportProgress') : null;
    if (typeof report !== 'function') throw new Error('no reportProgress');
    report({ loaded: 2000, total: 2600 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 2000, total: 2600 });
  });

  it('progress that makes no sense (no total, negative) is ignored', async () => {
    const { actor } = await readyWithPhoto();
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'upload.progress', loaded: 10, total: 0 });
    actor.send({ type: 'upload.progress', loaded: -1, total: 2600 });
    expect(actor.getSnapshot().context.progress).toBeNull();
  });

  it('cancel stops the upload (its signal aborts) and keeps the file ready', async () => {
    let aborted = false;
    const { fakes } = replayMachine();
    const machine = documentUploadMachine.provide({
      actors: {
        readHead: fakes.actor('readHead', () => headOf(FILES.photo)),
        upload: fromPromise(
          ({ signal }) =>
            new Promise(() => {
              signal.addEventListener('abort', () => {
                aborted = true;
              });
            }),
        ),
      },
    });
    const actor = createActor(machine, { input: INPUT }).start();
    actor.send({ type: 'file.choose', file: FILES.photo });
    fakes.settle({ type: 'actor.done', id: 'readHead', output: null });
    await flush();
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'upload.cancel' });
    expect(aborted).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ selection: 'ready' });
    expect(actor.getSnapshot().context.file).toBe(FILES.photo);
  });

  it.each([
    [413, 'file_too_large', { selection: 'invalid' }],
    [415, 'file_type_refused', { selection: 'invalid' }],
    [403, 'uploads_forbidden', 'refused'],
    [404, 'document_not_found', 'refused'],
    [409, 'document_not_requested', 'refused'],
    [429, 'upload_limit', 'refused'],
    [500, 'upload_failed', { selection: 'failed' }],
    [null, 'no_connection', { selection: 'failed' }],
  ])('a failed upload with status %s is %s', async (status, problem, state) => {
    const { actor, fakes } = await readyWithPhoto();
    actor.send({ type: 'upload.start' });
    fakes.settle({ type: 'actor.error', id: 'upload', error: { status, code: null, message: 'Oops: it broke' } });
    await flush();
    expect(actor.getSnapshot().value).toEqual(state);
    expect(actor.getSnapshot().context.problem).toBe(problem);
  });

  it('a server failure keeps the server’s message; no answer keeps none', async () => {
    const { actor, fakes } = await readyWithPhoto();
    actor.send({ type: 'upload.start' });
    fakes.settle({
      type: 'actor.error',
      id: 'upload',
      error: { status: 500, code: null, message: 'The disk is full' },
    });
    await flush();
    expect(actor.getSnapshot().context.serverMessage).toBe('The disk is full');
    actor.send({ type: 'upload.retry' });
    fakes.settle({ type: 'actor.error', id: 'upload', error: { status: null, code: null, message: '' } });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'no_connection', serverMessage: null });
  });

  it('retry sends the same file again', async () => {
    const { actor, fakes } = await readyWithPhoto();
    actor.send({ type: 'upload.start' });
    fakes.settle({ type: 'actor.error', id: 'upload', error: { status: null, code: null, message: '' } });
    await flush();
    actor.send({ type: 'upload.retry' });
    expect(fakes.inputs('upload').map((input) => Reflect.get(Object(input), 'file'))).toEqual([
      FILES.photo,
      FILES.photo,
    ]);
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('no other file may be chosen while one is being sent', async () => {
    const { actor } = await readyWithPhoto();
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'file.choose', file: FILES.renamed });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.file).toBe(FILES.photo);
  });

  it('a new choice while one is still being checked replaces it', async () => {
    const { actor, fakes } = await started();
    actor.send({ type: 'file.choose', file: FILES.renamed });
    actor.send({ type: 'file.choose', file: FILES.photo });
    expect(fakes.inputs('readHead')).toEqual([{ file: FILES.renamed }, { file: FILES.photo }]);
    fakes.settle({ type: 'actor.done', id: 'readHead', output: headOf(FILES.photo) });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ selection: 'ready' });
    expect(actor.getSnapshot().context.file).toBe(FILES.photo);
  });
});
