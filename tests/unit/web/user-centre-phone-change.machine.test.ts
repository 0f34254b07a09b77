import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import {
  PHONE_CODE_SECONDS, phoneChangeMachine, stepOf, type CodeInput, type SubmitInput,
} from '../../../web/src/features/user-center/change-phone.machine';

/** Lets the promise actors settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: { checkFails?: boolean } = {}) {
  const calls: string[] = [];
  const machine = phoneChangeMachine.provide({
    actors: {
      sendCode: fromPromise<void, CodeInput>(async ({ input }) => { calls.push(`code ${input.phone}`); }),
      checkUser: fromPromise<void, SubmitInput>(async ({ input }) => {
        calls.push(`check ${input.phone} ${input.code}`);
        if (options.checkFails) throw new Error('验证码有误');
      }),
      bindPhone: fromPromise<void, SubmitInput>(async ({ input }) => { calls.push(`bind ${input.phone} ${input.code}`); }),
    },
    delays: { tick: 1 },
  });
  const actor: AnyActorRef = createActor(machine).start();
  return { actor, calls };
}

describe('the phone change steps', () => {
  it('goes 0 → 1 → 2 with a code sent in each step and the new phone remembered', async () => {
    const { actor, calls } = start();
    expect(stepOf(actor.getSnapshot().value)).toBe(0);
    actor.send({ type: 'SEND_CODE', phone: '13800138000' });
    await settle();
    expect(actor.getSnapshot().context.remaining).toBe(PHONE_CODE_SECONDS);
    actor.send({ type: 'SUBMIT', phone: '13800138000', code: '1234' });
    await settle();
    expect(stepOf(actor.getSnapshot().value)).toBe(1);
    expect(actor.getSnapshot().context.remaining).toBe(0);
    actor.send({ type: 'SEND_CODE', phone: '13900139000' });
    actor.send({ type: 'SUBMIT', phone: '13900139000', code: '5678' });
    await settle();
    expect(stepOf(actor.getSnapshot().value)).toBe(2);
    expect(actor.getSnapshot().context.newPhone).toBe('13900139000');
    expect(calls).toEqual(['code 13800138000', 'check 13800138000 1234', 'code 13900139000', 'bind 13900139000 5678']);
  });

  it('stays in step 0 when the identity check fails, so the shopper can try again', async () => {
    const { actor } = start({ checkFails: true });
    actor.send({ type: 'SUBMIT', phone: '13800138000', code: '9999' });
    await settle();
    expect(stepOf(actor.getSnapshot().value)).toBe(0);
    expect(actor.getSnapshot().matches({ identity: { form: 'editing' } })).toBe(true);
  });

  it('counts the code button down to ready again, refusing a second send meanwhile', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SEND_CODE', phone: '13800138000' });
    await settle();
    actor.send({ type: 'SEND_CODE', phone: '13800138000' });
    expect(calls).toEqual(['code 13800138000']);
    for (const until = Date.now() + 5000; Date.now() < until && actor.getSnapshot().context.remaining > 0;) await new Promise((r) => setTimeout(r, 10));
    expect(actor.getSnapshot().matches({ identity: { code: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.remaining).toBe(0);
  });
});
