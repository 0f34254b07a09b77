/**
 * Issue 5's Buy benchmarks as one run.ts scenario, `buy`, each part on its own fresh PostgreSQL database with the real
 * runtime, the real app on a loopback port and the demo seed:
 * - checkout (buy/checkout.bench.ts): settle → submit → pay → callback at 16 workers, vs GET /api/health and a bare route;
 * - flash (buy/flash.bench.ts): 1,000 buyers, one 秒杀 SKU with 100 to sell, zero oversell, vs settlement reads;
 * - push (buy/push.bench.ts): payment callback → websocket push, vs the socket's ping and GET /api/health.
 * BENCH_ONLY=buy runs all three; naming parts as well (BENCH_ONLY=buy,flash) runs only those. A part that fails is
 * reported as FAILED in the notes and the others still run.
 */
import type { BenchConfig } from './bench-backends';
import { checkoutBench } from './buy/checkout.bench';
import { flashBench } from './buy/flash.bench';
import { pushBench } from './buy/push.bench';
import { progress, type Section } from './stats';

const PARTS: Array<{ name: string; run: (config: BenchConfig) => Promise<Section> }> = [
  { name: 'checkout', run: checkoutBench },
  { name: 'flash', run: flashBench },
  { name: 'push', run: pushBench },
];

export async function buyBench(config: BenchConfig): Promise<Section> {
  const named = PARTS.filter((part) => config.only?.has(part.name));
  const tables: Section['tables'] = [];
  const notes: string[] = [];
  for (const part of named.length > 0 ? named : PARTS) {
    progress(`buy ${part.name}: running`);
    try {
      const section = await part.run(config);
      tables.push(...section.tables);
      notes.push(...section.notes.map((note) => `**${section.title}** — ${note}`));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      notes.push(`**${part.name}** — FAILED: ${message.split('\n').slice(0, 6).join(' ⏎ ')}`);
      progress(`buy ${part.name}: FAILED ${message}`);
      process.exitCode = 1;
    }
  }
  return { title: '9. Buy: checkout, flash sale, callback → push (PostgreSQL)', tables, notes };
}
