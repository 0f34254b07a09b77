import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  CODE_COUNTDOWN_SECONDS, codeCountdownMachine,
} from '../../../web/src/features/login/code-countdown.machine';

const PHONE = '13800138000';

function start(send: (phone: string) => Promise<void>) {
  const clock = new SimulatedClock();
  const sent: string[] = [];
  const machine = codeCountdownMachine.provide({
    actors: { sendCode: fromPromise<void, { phone: string }>(async ({ input }) => { sent.push(input.phone); await send(input.phone); }) },
  });
  const actor = createActor(machine, { clock }).start();
  const seconds = (n: number) => { for (let i = 0; i < n; i += 1) clock.increment(1000); };
  return { actor, clock, sent, seconds };
}

const counting = async (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('counting'));

describe('the code button before any request', () => {
  it('is ready with nothing left to count', () => {
    const { actor } = start(async () => undefined);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.remaining).toBe(0);
  });

  it('ignores a request for a malformed phone and sends nothing', () => {
    const { actor, sent } = start(async () => undefined);
    actor.send({ type: 'REQUEST', phone: '12800138000' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(sent).toEqual([]);
  });
});

describe('a request for a valid phone', () => {
  it('sends the code to the trimmed phone and waits in sending', () => {
    const { actor, sent } = start(() => new Promise<void>(() => undefined));
    actor.send({ type: 'REQUEST', phone: ` ${PHONE} ` });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(sent).toEqual([PHONE]);
  });

  it('starts a 120 s countdown once the code is sent', async () => {
    const { actor } = start(async () => undefined);
    actor.send({ type: 'REQUEST', phone: PHONE });
    const snapshot = await counting(actor);
    expect(snapshot.context.remaining).toBe(CODE_COUNTDOWN_SECONDS);
    expect(CODE_COUNTDOWN_SECONDS).toBe(120);
  });

  it('goes back to ready at once when sending fails', async () => {
    const { actor } = start(async () => { throw new Error('11006'); });
    actor.send({ type: 'REQUEST', phone: PHONE });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.remaining).toBe(0);
  });
});

describe('the countdown', () => {
  it('loses one second per tick', async () => {
    const { actor, seconds } = start(async () => undefined);
    actor.send({ type: 'REQUEST', phone: PHONE });
    await counting(actor);
    seconds(1);
    expect(actor.getSnapshot().context.remaining).toBe(119);
    seconds(58);
    expect(actor.getSnapshot().context.remaining).toBe(61);
    expect(actor.getSnapshot().value).toBe('counting');
  });

  it('ignores further requests while it runs', async () => {
    const { actor, sent, seconds } = start(async () => undefined);
    actor.send({ type: 'REQUEST', phone: PHONE });
    await counting(actor);
    seconds(10);
    actor.send({ type: 'REQUEST', phone: PHONE });
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().context.remaining).toBe(110);
  });

  it('shows 1 s at 119 s, and the button again at 120 s', async () => {
    const { actor, seconds } = start(async () => undefined);
    actor.send({ type: 'REQUEST', phone: PHONE });
    await counting(actor);
    seconds(119);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    seconds(1);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.remaining).toBe(0);
  });

  it('lets a new request start a fresh countdown after it ended', async () => {
    const { actor, sent, seconds } = start(async () => undefined);
    actor.send({ type: 'REQUEST', phone: PHONE });
    await counting(actor);
    seconds(120);
    actor.send({ type: 'REQUEST', phone: '13900139000' });
    const snapshot = await counting(actor);
    expect(snapshot.context.remaining).toBe(120);
    expect(sent).toEqual([PHONE, '13900139000']);
  });
});
