/**
 * `npm run ops -- <command>` (DESIGN.md §11). While a server holds the embedded data directory (its lock file,
 * services/db/data-dir-lock.ts) the CLI talks to it over /internal with the ops token, on the port the lock names;
 * it never opens a held directory itself. Otherwise (no server, or PostgreSQL) it opens the stores as a tool: no
 * projection runners, no Kafka forwarder or consumer groups, no scheduler (cli-direct.ts).
 *
 *   seed demo                          append the demo data (idempotent)
 *   projections status                 position, lag and generation of every read model
 *   projections rebuild <name|all> [--accept-differences]
 *                                      rebuild side by side, check the log's hash chain, compare with the live read
 *                                      model, then switch atomically; refuses (exit 1, nothing switched) when the
 *                                      chain reports a problem (each event named) or the rebuilt model differs
 *                                      (differences printed) — unless the flag accepts differences (a rebuild meant
 *                                      to change the model); --require-identical is the default's old name
 *   sms <phone>                        the latest SMS code the development provider sent to a phone
 *   ship <orderId> [--express SF] [--waybill N]   the merchant ships an order waiting for shipment
 *   audit order <id> [--as-of <time|commit/prepare>] [--json]   the order's history, each transition checked
 *   audit verify [--public-key <file>] [--json]   the whole log against its chain and signed anchors
 *   audit key                          the public key the chain anchors are checked with
 *   audit export (order <id> | shop <id> [--from T] [--to T]) --out <file>   a proof bundle for the offline verifier
 *   after-sale <verb> <afterId> [...]  merchant / platform after-sale moves (after-sale.command.ts)
 *   payments reconcile [--date D]      the provider's daily bill against the store; exits 1 on any difference
 */
import { loadConfig } from '../config';
import { resolveOpsToken } from './ops-token';
import { runDirect } from './cli-direct';
import { runRemote } from './cli-remote';
import { lockedMessage, readLockHolder } from '../db/data-dir-lock';
import { parseShipArgs, type ShipCommand } from './ship.command';
import { AUDIT_EXPORT_USAGE, parseAuditArgs, type AuditCommand } from './audit.command';
import { AFTER_SALE_USAGE, parseAfterSaleArgs, type AfterSaleCommand } from './after-sale.command';
import { PAYMENTS_USAGE, parsePaymentsArgs, type PaymentsCommand } from './payments.command';

export type OpsCommand =
  | { kind: 'seed-demo' }
  | { kind: 'projections-status' }
  | { kind: 'projections-rebuild'; name: string; acceptDifferences: boolean }
  | { kind: 'sms'; phone: string }
  | ShipCommand
  | AuditCommand
  | AfterSaleCommand
  | PaymentsCommand;

const USAGE = `usage: npm run ops -- <command>
  seed demo
  projections status
  projections rebuild <name|all> [--accept-differences]
  sms <phone>
  ship <orderId> [--express SF] [--waybill 123456789012]
  audit order <id> [--as-of <time|commit/prepare>] [--json]
  audit verify [--public-key <file>] [--json]
  audit key
  ${AUDIT_EXPORT_USAGE}
  ${AFTER_SALE_USAGE}
  ${PAYMENTS_USAGE}`;

export function parseCommand(argv: string[]): OpsCommand | null {
  const [a, b, c] = argv;
  if (a === 'seed' && b === 'demo') return { kind: 'seed-demo' };
  if (a === 'projections' && b === 'status') return { kind: 'projections-status' };
  if (a === 'projections' && b === 'rebuild' && c) {
    const flags = argv.slice(3);
    // --require-identical: what every rebuild does now, kept for the scripts that say it
    if (flags.some((f) => f !== '--accept-differences' && f !== '--require-identical')) return null;
    const acceptDifferences = flags.includes('--accept-differences');
    if (acceptDifferences && flags.includes('--require-identical')) return null;
    return { kind: 'projections-rebuild', name: c, acceptDifferences };
  }
  if (a === 'sms' && b) return { kind: 'sms', phone: b };
  if (a === 'ship') return parseShipArgs(argv.slice(1));
  if (a === 'audit') return parseAuditArgs(argv.slice(1));
  if (a === 'after-sale') return parseAfterSaleArgs(argv.slice(1));
  if (a === 'payments') return parsePaymentsArgs(argv.slice(1));
  return null;
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const holder = config.DATABASE_URL || config.DATA_DIR === ':memory:' ? null : readLockHolder(config.DATA_DIR);
  if (holder && (holder.role !== 'server' || !holder.port)) {
    // another ops command works on the directory, or the server has not bound its port yet
    throw new Error(lockedMessage(config.DATA_DIR, holder));
  }
  const output = holder
    ? await runRemote(command, serverBase(holder.host, holder.port as number), resolveOpsToken(config.OPS_TOKEN, config.DATA_DIR))
    : await runDirect(command, config);
  console.log(output);
}

/** Where the holder listens, seen from this machine: a wildcard address is reached on loopback. */
function serverBase(host: string | null, port: number): string {
  const reachable = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
