import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) console.log(`[e2e] skipped: ${CHROMIUM} not found`);

// The fault suite (tests/fault) runs real processes on PostgreSQL; its Kafka file also needs Java. A file whose
// needs are missing is left out with the reason (inside, tests/fault/support/fault-env.ts checks the rest).
const hasJava = spawnSync('sh', ['-c', 'command -v java'], { stdio: 'ignore' }).status === 0;
const faultIgnored = [];
if (!process.env.DATABASE_URL) {
  console.log('[fault] skipped: DATABASE_URL not set');
  faultIgnored.push('/tests/fault/');
} else {
  if (!hasJava) {
    console.log('[fault] Kafka scenarios skipped: java not found (infra/kafka/start-kafka.sh needs it)');
    faultIgnored.push('/tests/fault/kafka.test.ts');
  }
  const pgBin = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  if (!pgBin) {
    console.log('[fault] PostgreSQL-drop scenario skipped: no server binaries under /usr/lib/postgresql');
    faultIgnored.push('/tests/fault/postgres-drop.test.ts');
  }
}

// jest as ESM: sources are transformed by swc; PGlite needs --experimental-vm-modules (see infra/scripts/run-tests.mjs).
const swc = ['@swc/jest', {
  jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
  module: { type: 'es6' },
}];
// fastify.inject pulls in CommonJS-only packages that jest's ESM loader cannot link; transform them to CJS.
const cjs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(ts|tsx)$': swc, '/node_modules/(cookie|content-disposition)/.+\\.js$': cjs },
  transformIgnorePatterns: ['/node_modules/(?!(cookie|content-disposition)/)'],
  testEnvironment: 'node',
  rootDir: '.',
};

export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/domain/**/*.test.ts'] },
    { ...common, displayName: 'contract', testMatch: ['<rootDir>/tests/contract/**/*.test.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/tests/integration/**/*.test.ts'] },
    // Issue 10's fault suite: real server processes, a broker and a throwaway cluster of its own (tests/fault/support).
    { ...common, displayName: 'fault', testMatch: ['<rootDir>/tests/fault/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...faultIgnored] },
    // Browser suites need Debian's Chromium (tests/support/browser.ts); without it they are left out, not failed.
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      testPathIgnorePatterns: existsSync(CHROMIUM) ? ['/node_modules/'] : ['/node_modules/', '/tests/e2e/'] },
  ],
  testTimeout: 60000,
  // A worker keeps what every test file it ran left behind (vm contexts, PGlite's and fastify's modules): past ~2 GB
  // its late files ran 3-4x slower than the same files in a fresh worker. Jest replaces a worker between test files
  // once its heap has grown past this.
  workerIdleMemoryLimit: '800MB',
};
