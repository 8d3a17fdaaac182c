/**
 * The seller's release (issue 13): nothing is sent before the passcode, the token is asked for
 * transaction type p2p and the order's release hash, the release carries that token, a spent token
 * asks for the passcode again, any other refusal returns to the review with its code, and a release
 * shows the order.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type ConfirmReceiptInput, orderReleaseMachine } from '../../machines/p2pOrderRelease.machine.ts';
import { DeferredActors, flush } from './support/model.ts';
import { NO_BIOMETRICS, NOW } from './support/passcodeModel.ts';
import { passcodeChildReplay } from './support/replay.ts';

function run() {
  const fakes = new DeferredActors();
  const shown: string[] = [];
  const passcode = passcodeChildReplay(fakes, { childId: 'passcode', passcode: '2580', token: 'token-0001-abcdefgh' });
  const machine = orderReleaseMachine.provide({
    actors: {
      passcodeConfirm: passcode.machine,
      confirmReceipt: fakes.actor<unknown, ConfirmReceiptInput>('confirmReceipt', (output) => output),
    },
    actions: { showOrder: () => void shown.push('order') },
  });
  const actor = createActor(machine, {
    input: { orderId: 12, hash: 'p2p-release-12', passcode: { biometric: NO_BIOMETRICS, now: NOW } },
  }).start();
  const settler = passcode.settler(() => actor.getSnapshot().children.passcode);
  const typePasscode = async () => {
    settler.settle({ type: 'actor.done', id: 'passcode', output: undefined });
    await flush();
  };
  return { actor, fakes, shown, typePasscode };
}

describe('releasing an order', () => {
  it('asks for the passcode first, for type p2p and the order’s release hash, then releases with its token', async () => {
    const { actor, fakes, shown, typePasscode } = run();
    expect(fakes.inputs('confirmReceipt')).toEqual([]);
    actor.send({ type: 'release.start' });
    expect(actor.getSnapshot().hasTag('passcode')).toBe(true);
    await typePasscode();
    expect(fakes.inputs('confirmPasscode')).toEqual([{ code: '2580', transactionType: 'p2p', hash: 'p2p-release-12' }]);
    expect(fakes.inputs('confirmReceipt')).toEqual([{ orderId: 12, token: 'token-0001-abcdefgh' }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    fakes.settle({ type: 'actor.done', id: 'confirmReceipt', output: {} });
    await flush();
    expect(shown).toEqual(['order']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('back from the passcode returns to the review and sends nothing', () => {
    const { actor, fakes } = run();
    actor.send({ type: 'release.start' });
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('review');
    expect(fakes.inputs('confirmReceipt')).toEqual([]);
  });

  it('a spent token asks for the passcode again, saying why', async () => {
    const { actor, fakes, typePasscode } = run();
    actor.send({ type: 'release.start' });
    await typePasscode();
    fakes.settle({ type: 'actor.error', id: 'confirmReceipt', error: { status: 403, reason: 'invalid_token' } });
    await flush();
    expect(actor.getSnapshot().hasTag('passcode')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 403, code: 'invalid_token' });
  });

  it('an order that moved on returns to the review with the code, and shows nothing', async () => {
    const { actor, fakes, shown, typePasscode } = run();
    actor.send({ type: 'release.start' });
    await typePasscode();
    fakes.settle({
      type: 'actor.error',
      id: 'confirmReceipt',
      error: { status: 409, reason: 'order_status_conflict' },
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('review');
    expect(actor.getSnapshot().context).toMatchObject({
      token: null,
      error: { status: 409, code: 'order_status_conflict' },
    });
    expect(shown).toEqual([]);
  });
});
