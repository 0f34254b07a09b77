/**
 * Preloaded by the crash suite's standby servers (`node --import tsx --import <this file> services/main.ts`): loads
 * the server's modules — most of a start on a loaded 2-core machine, ~6 s of a ~7 s start — then holds until the test
 * writes a line on stdin. So the next server (the one that will crash, or the one that restarts after a crash) can
 * load while the previous one still works, and boots the moment it has gone: nothing here opens a connection, reads
 * the data or listens, and the server's own start (main.ts) runs unchanged after the line.
 */
const root = new URL('../../../services/', import.meta.url);
await Promise.all(['api/app.ts', 'runtime.ts', 'app-deps.ts', 'ops/seed/seed-demo.ts', 'config.ts'].map((m) => import(new URL(m, root).href)));

await new Promise<void>((resolve) => {
  // the test process gone before it said go (its pipe closed): nothing to stand by for
  const orphaned = () => process.exit(0);
  process.stdin.once('end', orphaned);
  process.stdin.once('data', () => {
    process.stdin.off('end', orphaned);
    process.stdin.pause();
    process.stdin.unref();
    resolve();
  });
});

export {};
