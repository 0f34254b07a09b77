import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { applyMachine, MOVE_ON_MS, type Application } from '../../../web/src/features/after-sale/after-sale-apply.machine';

const application: Application = {
  orderId: 10001, afterType: 1, goodsState: 0, returnReason: '不想要了', explain: '', image: '', skus: [{ skuId: 11, number: 1 }], price: 19.9,
};

/** The submit call answers from a script; the screen's effects are recorded in order. */
function open(answers: Array<'ok' | Error>) {
  const clock = new SimulatedClock();
  const sent: Application[] = [];
  const effects: string[] = [];
  const machine = applyMachine.provide({
    actors: {
      submit: fromPromise<unknown, Application>(async ({ input }) => {
        sent.push(input);
        const answer = answers[sent.length - 1];
        if (answer instanceof Error) throw answer;
        return null;
      }),
    },
    actions: {
      announceSubmitted: () => void effects.push('售后申请成功'),
      announceError: ({ context }) => void effects.push(`error:${context.error}`),
      moveOn: () => void effects.push('to-list'),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { actor, clock, sent, effects, settle };
}

describe('an application the server accepts', () => {
  it('says 售后申请成功 and goes to the after-sale list 1 s later', async () => {
    const { actor, clock, sent, effects, settle } = open(['ok']);
    actor.send({ type: 'SUBMIT', application });
    await settle();
    expect(sent).toEqual([application]);
    expect(effects).toEqual(['售后申请成功']);
    clock.increment(MOVE_ON_MS - 1);
    expect(effects).toEqual(['售后申请成功']);
    clock.increment(1);
    expect(effects).toEqual(['售后申请成功', 'to-list']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('is sent once however often the button is pressed while it is on its way', async () => {
    const { actor, sent, settle } = open(['ok']);
    actor.send({ type: 'SUBMIT', application });
    actor.send({ type: 'SUBMIT', application });
    await settle();
    expect(sent).toHaveLength(1);
  });
});

describe('an application the server refuses', () => {
  it('shows its message and lets the shopper send it again', async () => {
    const { actor, sent, effects, settle } = open([new Error('该商品已申请售后'), 'ok']);
    actor.send({ type: 'SUBMIT', application });
    await settle();
    expect(effects).toEqual(['error:该商品已申请售后']);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SUBMIT', application });
    await settle();
    expect(sent).toHaveLength(2);
    expect(effects).toEqual(['error:该商品已申请售后', '售后申请成功']);
  });
});
