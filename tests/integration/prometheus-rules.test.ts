/**
 * Issue 32, alerts: the Prometheus alerting rules shipped in infra/prometheus pass Debian's `promtool check rules` and
 * their unit tests (`promtool test rules alerts.test.yml`: each alert fires on the series that should fire it, after
 * its `for`, and not before), and every metric they read is one the shop exports (a renamed metric would silence an
 * alert without failing anything else). CI installs promtool (`apt-get install prometheus`); without it the promtool
 * checks are announced as not run here.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import '../../services/metrics/command-metrics';
import '../../services/metrics/edge-metrics';
import '../../services/metrics/feed-metrics';
import '../../services/metrics/http-metrics';
import '../../services/metrics/outcome-metrics';
import '../../services/metrics/store-metrics';
import { metricsRegistry } from '../../services/metrics/registry';
import { announceSkip } from '../support/backends';

const run = promisify(execFile);
const hasCommand = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const dir = fileURLToPath(new URL('../../infra/prometheus', import.meta.url));

it('reads only metrics the shop exports', () => {
  const rules = readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
  const read = [...new Set([...rules.matchAll(/\bjishi_[a-z_]+/g)].map((m) => m[0]))];
  const exported = new Set(metricsRegistry.getMetricsAsArray().map((m) => m.name));
  expect(read.length).toBeGreaterThan(5);
  expect(read.filter((name) => !exported.has(name))).toEqual([]);
});

if (hasCommand('promtool')) {
  it('pass promtool check rules', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', 'alerts.yml'], { cwd: dir });
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('pass their promtool unit tests', async () => {
    const { stdout } = await run('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: dir });
    expect(stdout).toMatch(/SUCCESS/);
  });
} else {
  announceSkip('prometheus-rules', 'promtool', 'promtool not installed (Debian: apt-get install prometheus)');
}
