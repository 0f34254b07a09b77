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

// The fault suite kills and restarts servers, brokers and PostgreSQL clusters: it runs after the other projects, not
// beside the browser tests, whose timings it would otherwise starve on a 2-core machine.
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };
const extra = process.argv.slice(2);
const phases = extra.length > 0
  ? [{ file: resultsFile, projects: [] }]
  : [{ file: resultsFile, projects: ['unit', 'contract', 'integration', 'e2e'] }, { file: path.join(reports, 'jest-results-fault.json'), projects: ['fault'] }];
const runs = phases.map(({ file, projects }) => spawnSync('npx', [
  'jest', '--maxWorkers=2', '--passWithNoTests', '--json', `--outputFile=${file}`, ...(projects.length ? ['--selectProjects', ...projects] : []), ...extra,
], { cwd: root, stdio: 'inherit', env }));
const run = { status: runs.every((r) => r.status === 0) ? 0 : 1 };

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
for (const { file } of phases) {
  if (!existsSync(file)) {
    failed += 1;
    continue;
  }
  const results = JSON.parse(readFileSync(file, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests + results.numRuntimeErrorTestSuites;
  skipped += results.numPendingTests + results.numTodoTests;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
