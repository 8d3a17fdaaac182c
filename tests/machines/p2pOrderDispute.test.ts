/**
 * A dispute statement (issue 13): each image uploads as soon as it is added, at most 5 are kept,
 * empty and oversized files are refused on the spot, a removed file's upload stops, the statement
 * waits for the reason (to open), a message of 1..2000 characters and every upload, and sends the
 * uploaded ids with the trimmed message.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  type DisputeKind,
  type OrderDisputeEvent,
  orderDisputeMachine,
  type StatementInput,
  type UploadFileInput,
} from '../../machines/p2pOrderDispute.machine.ts';
import { DeferredActors, flush } from './support/model.ts';

const MB = 1024 * 1024;

function file(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

function run(kind: DisputeKind = 'open') {
  const fakes = new DeferredActors();
  const uploads: Array<{ orderId: number; key: number; name: string }> = [];
  const stopped: number[] = [];
  const shown: string[] = [];
  const machine = orderDisputeMachine.provide({
    actors: {
      uploadFile: fromCallback<OrderDisputeEvent, UploadFileInput>(({ input }) => {
        uploads.push({ orderId: input.orderId, key: input.key, name: input.file.name });
        return () => void stopped.push(input.key);
      }),
      submitStatement: fakes.actor<unknown, StatementInput>('submitStatement', (output) => output),
    },
    actions: { showOrder: () => void shown.push('order') },
  });
  const actor = createActor(machine, {
    input: { orderId: 12, kind, maxFiles: 5, maxMessageLength: 2000, maxBytes: 10 * MB },
  }).start();
  return { actor, fakes, uploads, stopped, shown };
}

describe('images', () => {
  it('each starts uploading when added, and counts as uploaded with the server’s id', () => {
    const { actor, uploads } = run();
    actor.send({ type: 'file.add', file: file('receipt.png', 2000) });
    expect(uploads).toEqual([{ orderId: 12, key: 1, name: 'receipt.png' }]);
    expect(actor.getSnapshot().context.files).toEqual([
      { key: 1, name: 'receipt.png', state: 'uploading', id: null, problem: null, code: null },
    ]);
    actor.send({ type: 'file.uploaded', key: 1, id: 'f-1' });
    expect(actor.getSnapshot().context.files[0]).toMatchObject({ state: 'uploaded', id: 'f-1' });
  });

  it('a sixth is not added', () => {
    const { actor, uploads } = run();
    for (const name of ['1.png', '2.png', '3.png', '4.png', '5.png', '6.png']) {
      actor.send({ type: 'file.add', file: file(name, 10) });
    }
    expect(uploads.map((upload) => upload.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
  });

  it('an empty or an over-10-MB file is refused without uploading, and does not count', () => {
    const { actor, uploads } = run();
    actor.send({ type: 'file.add', file: file('empty.png', 0) });
    actor.send({ type: 'file.add', file: file('huge.png', 10 * MB + 1) });
    expect(uploads).toEqual([]);
    expect(actor.getSnapshot().context.files.map((entry) => [entry.name, entry.state, entry.problem])).toEqual([
      ['empty.png', 'refused', 'file_empty'],
      ['huge.png', 'refused', 'file_too_large'],
    ]);
  });

  it('removing a file stops its upload', () => {
    const { actor, stopped } = run();
    actor.send({ type: 'file.add', file: file('receipt.png', 10) });
    actor.send({ type: 'file.remove', key: 1 });
    expect(stopped).toEqual([1]);
    expect(actor.getSnapshot().context.files).toEqual([]);
  });

  it('a failed upload keeps the server’s code', () => {
    const { actor } = run();
    actor.send({ type: 'file.add', file: file('receipt.png', 10) });
    actor.send({ type: 'file.failed', key: 1, code: 'unsupported_media_type' });
    expect(actor.getSnapshot().context.files[0]).toMatchObject({
      state: 'refused',
      problem: 'upload_failed',
      code: 'unsupported_media_type',
    });
  });
});

describe('sending the statement', () => {
  it('opening needs a reason and a message, waits for uploads, and sends the ids with the trimmed message', async () => {
    const { actor, fakes, shown } = run('open');
    actor.send({ type: 'message.change', message: '  I paid at 12:01.  ' });
    actor.send({ type: 'submit' });
    expect(fakes.inputs('submitStatement')).toEqual([]);
    actor.send({ type: 'reason.choose', reason: 'paid_not_released' });
    actor.send({ type: 'file.add', file: file('receipt.png', 10) });
    actor.send({ type: 'submit' });
    expect(fakes.inputs('submitStatement')).toEqual([]);
    actor.send({ type: 'file.uploaded', key: 1, id: 'f-1' });
    actor.send({ type: 'submit' });
    expect(fakes.inputs('submitStatement')).toEqual([
      { orderId: 12, kind: 'open', reason: 'paid_not_released', message: 'I paid at 12:01.', fileIds: ['f-1'] },
    ]);
    fakes.settle({ type: 'actor.done', id: 'submitStatement', output: {} });
    await flush();
    expect(shown).toEqual(['order']);
  });

  it('an answer needs no reason; an empty or a 2001-character message is not sent', () => {
    const { actor, fakes } = run('respond');
    actor.send({ type: 'message.change', message: '   ' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'message.change', message: 'a'.repeat(2001) });
    actor.send({ type: 'submit' });
    expect(fakes.inputs('submitStatement')).toEqual([]);
    actor.send({ type: 'message.change', message: 'The money never came.' });
    actor.send({ type: 'submit' });
    expect(fakes.inputs('submitStatement')).toEqual([
      { orderId: 12, kind: 'respond', reason: null, message: 'The money never came.', fileIds: [] },
    ]);
  });

  it('a refusal stays on the form with the code', async () => {
    const { actor, fakes, shown } = run('open');
    actor.send({ type: 'reason.choose', reason: 'other' });
    actor.send({ type: 'message.change', message: 'x' });
    actor.send({ type: 'submit' });
    fakes.settle({ type: 'actor.error', id: 'submitStatement', error: { status: 409, reason: 'dispute_too_early' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual({ status: 409, code: 'dispute_too_early' });
    expect(shown).toEqual([]);
  });
});
