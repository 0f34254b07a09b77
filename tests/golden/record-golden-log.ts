/**
 * Records tests/golden/golden-log.jsonl: plays the golden day (golden-day.ts) on an in-process test server on
 * PGlite and writes every stored event. Run by hand, only when the day itself changes (never to paper over a schema
 * change: old logs must keep loading through upcasters):
 *   NODE_OPTIONS=--experimental-vm-modules npx jest tests/golden/record-golden-log.ts --selectProjects integration --testMatch '**\/tests/golden/record-golden-log.ts'
 * (jest runs it so the integration supports load exactly as in the tests.)
 */
import { writeFileSync } from 'node:fs';
import { GOLDEN_LOG_FILE, storedLog } from './golden-log';
import { playGoldenDay } from './golden-day';

it('records the golden log', async () => {
  const { world } = await playGoldenDay();
  try {
    const events = await storedLog(world.server.runtime.db);
    writeFileSync(GOLDEN_LOG_FILE, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    console.log(`golden log: ${events.length} events, ${new Set(events.map((e) => e.type)).size} types`);
  } finally {
    await world.stop();
  }
}, 180_000);
