import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assign, setup } from 'xstate';
import { measureTransitionCoverage } from './transition-coverage';

type ToyEvent = { type: 'open' } | { type: 'close' } | { type: 'touch' } | { type: 'never' } | { type: 'bump'; by: number };

const toy = setup({
  types: { context: {} as { count: number }, events: {} as ToyEvent },
  guards: { underTwo: ({ context }) => context.count < 2, reachedTwo: ({ context }) => context.count >= 2 },
}).createMachine({
  id: 'toy',
  context: { count: 0 },
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', touch: {} } },
    opened: {
      on: {
        close: 'closed',
        bump: [
          { guard: 'underTwo', actions: assign({ count: ({ context, event }) => context.count + event.by }) },
          { guard: 'reachedTwo', target: 'checking' },
        ],
      },
    },
    checking: { always: 'done' },
    done: { type: 'final' },
    unreachable: { on: { never: 'closed' } },
  },
});

const reportFile = fileURLToPath(new URL('../../.reports/transition-coverage-toy-self-test.json', import.meta.url));

describe('a toy machine walked with sample events', () => {
  // the toy's report must not show up in the lead's coverage table
  afterAll(() => rmSync(reportFile, { force: true }));
  const result = measureTransitionCoverage('toy-self-test', toy, [
    { type: 'open' }, { type: 'close' }, { type: 'touch' }, { type: 'bump', by: 1 },
  ]);

  it('lists every defined transition with self-transitions targeting their source', () => {
    expect(result.defined).toEqual([
      'checking --always--> done',
      'closed --open--> opened',
      'closed --touch--> closed',
      'opened --bump--> checking',
      'opened --bump--> opened',
      'opened --close--> closed',
      'unreachable --never--> closed',
    ]);
  });

  it('covers back-edges, self-transitions, eventless steps and guarded branches reached through context', () => {
    expect(result.covered).toEqual([
      'checking --always--> done', 'closed --open--> opened', 'closed --touch--> closed', 'opened --bump--> checking',
      'opened --bump--> opened', 'opened --close--> closed',
    ]);
  });

  it('reports the transition no walk reaches as missing, with the percentage', () => {
    expect(result.missing).toEqual(['unreachable --never--> closed']);
    expect(result.percent).toBe(85.7);
  });

  it('writes the report json with the same fields', () => {
    expect(JSON.parse(readFileSync(reportFile, 'utf8'))).toEqual(result);
  });
});
