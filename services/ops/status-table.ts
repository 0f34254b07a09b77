/** Prints projection statuses and the health report as text for the ops CLI (`npm run ops -- projections status`). */
import type { HealthReport } from '../api/health/health-report';


/** Lag in seconds: since the first event a projection has not applied yet (0 s: caught up). */
function behind(pendingSince: string | null, now = Date.now()): string {
  if (!pendingSince) return '0 s';
  const seconds = Math.max(0, Math.round((now - Date.parse(pendingSince)) / 1000));
  return seconds < 120 ? `${seconds} s` : seconds < 7200 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`;
}

/** The same facts `GET /internal/health` answers: what is wrong first, then each part. */
export function formatHealthReport(report: HealthReport): string {
  const out: string[] = [];
  out.push(`status: ${report.status}${report.problems.length ? ` (problems: ${report.problems.join(', ')})` : ''}`);
  out.push(`store: ${report.store.kind}, ${report.store.up ? 'up' : `DOWN (${report.store.error ?? '?'})`}, head ${report.store.head ?? '-'}`);
  const detail = report.detail;
  if (!detail) {
    out.push(`feed: unknown (${report.error ?? 'no answer'})`);
    return out.join('\n');
  }
  const broker = detail.feed.broker;
  out.push(`feed: ${detail.feed.kind}${broker ? (broker.up ? `, broker up (cluster ${broker.clusterId})` : `, broker DOWN (${broker.error})`) : ''}`);
  const f = detail.forwarder;
  if (f) {
    const stuck = f.stuckSince ? `, STUCK since ${f.stuckSince} (${ago(f.stuckSince)}): ${f.lastError}` : '';
    out.push(`forwarder (${f.where}): position ${f.position ?? '-'}, lag ${f.lag ?? '?'}${stuck}`);
  }
  out.push(table(['projection', 'version', 'generation', 'state', 'position', 'lag', 'behind', 'moved'],
    detail.projections.map((p) => [
      p.name, String(p.version), String(p.generation ?? '-'), p.stalled ? `${p.state} (STALLED)` : p.state,
      p.position ?? '-', p.lag === null ? '?' : String(p.lag), behind(p.pendingSince), p.updatedAt ? ago(p.updatedAt) : '-',
    ])));
  const errors = detail.projections.filter((p) => p.lastError).map((p) => `  ${p.name}: ${p.lastError}`);
  if (errors.length) out.push('errors:', ...errors);
  const { runnersHere, heartbeats } = detail.workers;
  out.push(runnersHere ? 'workers: the projections run in this process'
    : `workers: ${heartbeats.length === 0 ? 'NONE (no heartbeat)' : heartbeats.map((h) => `${h.id} ${h.stale ? 'STALE' : 'alive'} (beat ${Math.round(h.ageMs / 1000)} s ago)`).join('; ')}`);
  const h = detail.commitHorizon;
  if (h) {
    out.push(`commit horizon: ${h.heldBack ? 'HELD BACK' : 'oldest open transaction'} by backend pid ${h.pid} (${h.database ?? '?'}, ${h.state ?? '?'}) for ${Math.round(h.ageMs / 1000)} s: ${h.query}`);
  } else {
    out.push('commit horizon: free');
  }
  return out.join('\n');
}

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [format(header), ...lines.map(format)].join('\n');
}

function ago(iso: string): string {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  return seconds < 120 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
}
