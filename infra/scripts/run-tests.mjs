#!/usr/bin/env node
// `npm test` after the type check: every jest project (unit, contract, integration, e2e), then the transition-coverage
// table the domain tests wrote, then one closing line `N passed, N failed[, N skipped]` that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const reports = path.join(root, 'tests/.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const resultsFile = path.join(reports, 'jest-results.json');

const args = ['jest', '--maxWorkers=2', '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
});

const coverage = readdirSync(reports).filter((f) => f.startsWith('transition-coverage-') && f.endsWith('.json'));
if (coverage.length) {
  console.log('\nTransition coverage (model-based walks of the domain machines)');
  console.log('machine'.padEnd(16) + 'covered'.padStart(10) + 'defined'.padStart(10) + 'percent'.padStart(10));
  for (const file of coverage.sort()) {
    const r = JSON.parse(readFileSync(path.join(reports, file), 'utf8'));
    if (r.name.startsWith('toy')) continue;
    console.log(String(r.name).padEnd(16) + String(r.covered.length).padStart(10) + String(r.defined.length).padStart(10)
      + `${Number(r.percent).toFixed(1)}%`.padStart(10));
    for (const missing of r.missing) console.log(`    missing: ${missing}`);
  }
}

let passed = 0, failed = 0, skipped = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
  skipped = results.numPendingTests + results.numTodoTests;
} else {
  failed = 1;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
