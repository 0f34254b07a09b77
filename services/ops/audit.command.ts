/**
 * `npm run ops -- audit order <id> [--as-of <time|commit/prepare>] [--json]` (DESIGN.md §11): the order's history
 * (services/audit/order-audit.ts) as a table, or with --json the whole bundle (entries with positions, causation
 * and the hash chain) for export. `audit verify [--public-key <file>] [--json]`: the whole log against its chain and
 * signed anchors, checked with the server's public key or an auditor's own copy. `audit key`: that public key.
 */
import { parseAsOf, type AsOf, type OrderAudit } from '../audit/order-audit';
import type { LogVerification } from '../audit/verify-log';
import { DEFAULT_ANCHOR_SCHEDULE } from '../audit/chain-anchorer';
import type { BundleSelection, ProofBundle } from '../audit/proof-bundle';

export const AUDIT_EXPORT_USAGE = 'audit export (order <id> | shop <id> [--from <time>] [--to <time>]) --out <file>';

/**
 * `export order <id> --out F` or `export shop <id> [--from T] [--to T] --out F` (issue 31 §3): times as Date parses
 * them (2026-12-01, 2026-12-01T08:00:00+08:00); null when malformed.
 */
export function parseExportArgs(args: readonly string[]): Extract<AuditCommand, { kind: 'audit-export' }> | null {
  const [what, id, ...rest] = args;
  if ((what !== 'order' && what !== 'shop') || !id || !/^\d{1,16}$/.test(id)) return null;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (!['--out', '--from', '--to'].includes(flag) || value === undefined || flags[flag] !== undefined) return null;
    if (flag !== '--out' && Number.isNaN(Date.parse(value))) return null;
    flags[flag] = flag === '--out' ? value : new Date(value).toISOString();
  }
  if (!flags['--out'] || (what === 'order' && (flags['--from'] || flags['--to']))) return null;
  const selection: BundleSelection = what === 'order' ? { kind: 'order', orderId: Number(id) }
    : { kind: 'shop', shopId: Number(id), from: flags['--from'] ?? null, to: flags['--to'] ?? null };
  return { kind: 'audit-export', selection, out: flags['--out'] };
}

/** What `audit export` says after writing the bundle. */
export function formatExported(bundle: ProofBundle, out: string): string {
  const events = bundle.streams.reduce((n, s) => n + s.events.length, 0);
  return [`wrote ${out}: ${bundle.orderIds.length} order(s), ${bundle.streams.length} stream(s), ${events} event(s), `
    + `${bundle.anchors.length} signed anchor(s)${bundle.key ? ` (key ${bundle.key.keyId})` : ''}`,
  `verify it anywhere: node services/audit/verify-bundle.mjs ${out} --public-key <the published key, npm run ops -- audit key>`].join('\n');
}

export type AuditCommand =
  | { kind: 'audit-order'; orderId: number; asOf: string | null; json: boolean }
  | { kind: 'audit-export'; selection: BundleSelection; out: string }
  | { kind: 'audit-verify'; json: boolean; publicKey: string | null }
  | { kind: 'audit-key' };

/** `order <id> [--as-of X] [--json]`, `verify [--public-key F] [--json]` or `key`, or null when malformed. */
export function parseAuditArgs(args: readonly string[]): AuditCommand | null {
  const [what, id, ...rest] = args;
  if (what === 'key') return args.length === 1 ? { kind: 'audit-key' } : null;
  if (what === 'export') return parseExportArgs(args.slice(1));
  if (what === 'verify') {
    let json = false;
    let publicKey: string | null = null;
    for (let i = 1; i < args.length; i += 1) {
      if (args[i] === '--json') json = true;
      else if (args[i] === '--public-key' && args[i + 1] !== undefined) publicKey = args[(i += 1)];
      else return null;
    }
    return { kind: 'audit-verify', json, publicKey };
  }
  if (what !== 'order' || !id || !/^\d{1,16}$/.test(id)) return null;
  let asOf: string | null = null;
  let json = false;
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--json') json = true;
    else if (rest[i] === '--as-of' && rest[i + 1] !== undefined) asOf = rest[(i += 1)];
    else return null;
  }
  return { kind: 'audit-order', orderId: Number(id), asOf, json };
}

/** The command's --as-of, parsed; a value that is neither a time nor a position stops the command. */
export function asOfOf(command: Extract<AuditCommand, { kind: 'audit-order' }>): AsOf | null {
  if (command.asOf === null) return null;
  const asOf = parseAsOf(command.asOf);
  if (!asOf) throw new Error(`--as-of ${command.asOf}: give a time (2026-11-22T10:00:00+08:00) or a log position (commit/prepare)`);
  return asOf;
}

const statusText = (s: { code: number | string; name: string } | null): string => (s ? `${s.code} ${s.name}` : '—');

export function formatAudit(audit: OrderAudit, json: boolean): string {
  if (json) return JSON.stringify(audit, null, 2);
  const lines = [
    `order ${audit.orderId}${audit.asOf ? ` as of ${audit.asOf}` : ''}: ${audit.entries.length} events from ${audit.streams.join(', ')}`,
    '',
  ];
  for (const e of audit.entries) {
    const check = e.tampered ? '!' : e.verified === null ? ' ' : e.verified ? '✓' : '✗';
    const move = e.lifecycle ? `${e.lifecycle} ${statusText(e.from)} → ${statusText(e.to)}` : '';
    lines.push(`${check} ${e.displayTime}  ${e.position.padEnd(14)} ${e.actor.label}${e.actor.id ? `(${e.actor.id})` : ''}  ${e.type}  ${move}`);
    lines.push(`    ${e.summary}`);
    if (e.tampered) lines.push(`    ! tampered: ${e.tampered}`);
  }
  const rejected = audit.entries.filter((e) => e.verified === false).length;
  lines.push('', `state: ${statusText(audit.state)}`,
    `machine check: ${rejected === 0 ? 'every transition accepted' : `${rejected} event(s) the machine would not accept (✗)`}`,
    `chain check: ${audit.chainProblems.length === 0 ? 'every stored event matches its link' : `${audit.chainProblems.length} problem(s): ${audit.chainProblems.map((p) => `${p.kind} at ${p.position} (${p.streamId}#${p.revision})`).join('; ')}`}`,
    `chain head: ${audit.chainHead}`);
  return lines.join('\n');
}

/** `audit verify`: every problem with its position, the unanchored tail, then one summary line. */
export function formatLogVerification(result: LogVerification, json: boolean): string {
  if (json) return JSON.stringify(result, null, 2);
  const lines = result.problems.map((p) => `✗ ${p.kind.padEnd(12)} ${p.position.padEnd(16)} ${p.streamId ? `${p.streamId}#${p.revision}  ` : ''}${p.detail}`);
  lines.push(...tailLines(result), ...unwitnessedLines(result));
  const key = result.keyId ? `with key ${result.keyId}` : 'without a public key';
  lines.push(result.problems.length === 0
    ? `✓ the log verifies: ${result.anchors} signed anchor(s) checked ${key}, every stored event matches its chain link`
    : `✗ ${result.problems.length} problem(s) found (${result.anchors} anchor(s) checked ${key})`);
  return lines.join('\n');
}

/** The events no signed anchor covers yet: a forged, correctly linked event there would pass the chain alone. */
function tailLines({ tail }: LogVerification): string[] {
  if (!tail) return [];
  const anchor = tail.afterAnchor ? `the last anchor (#${tail.afterAnchor.seq} at ${tail.afterAnchor.position}, ${tail.afterAnchor.anchoredAt})` : 'the start (no anchor yet)';
  if (tail.events === 0) {
    return [tail.afterAnchor ? `  no unanchored tail: every event is under an anchor, the last #${tail.afterAnchor.seq}` : '  the log is empty'];
  }
  const { everyEvents, everyMs } = DEFAULT_ANCHOR_SCHEDULE;
  const lines = [`! ${tail.events} event(s) after ${anchor} are covered only by the chain: ${tail.first} … ${tail.last}, `
    + `the oldest recorded ${tail.oldestRecordedAt} (a running server anchors every ${everyEvents} events or ${everyMs / 1000} s, and when it stops)`];
  for (const e of tail.listed) lines.push(`    ${e.position.padEnd(16)} ${e.streamId}#${e.revision}  ${e.type}`);
  if (tail.events > tail.listed.length) lines.push(`    … and ${tail.events - tail.listed.length} more`);
  return lines;
}

/** Anchored events their anchoring server did not append: another instance's, an ops tool's, a previous run's, or forged. */
function unwitnessedLines({ unwitnessed }: LogVerification): string[] {
  if (!unwitnessed || unwitnessed.events === 0) return [];
  const lines = [`! ${unwitnessed.events} anchored event(s) were not appended by the server that anchored them `
    + '(another instance, an ops tool, a run that stopped before anchoring them — or written into the table by hand):'];
  for (const e of unwitnessed.listed) lines.push(`    ${e.position.padEnd(16)} ${e.streamId}#${e.revision}  ${e.type}  (anchor #${e.anchor})`);
  if (unwitnessed.events > unwitnessed.listed.length) lines.push(`    … and ${unwitnessed.events - unwitnessed.listed.length} more`);
  return lines;
}

/** `audit key`: the public key an auditor verifies the anchors with. */
export function formatAnchorKey(key: { keyId: string; publicKeyPem: string; source: string }): string {
  return [`chain anchors are signed with Ed25519 key ${key.keyId} (private key: ${key.source})`, '', key.publicKeyPem.trim(), '',
    'verify with it alone: npm run ops -- audit verify --public-key <this PEM saved to a file>'].join('\n');
}
