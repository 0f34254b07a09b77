/**
 * `npm run ops -- <command>` (DESIGN.md §11). While the server runs on PGlite (one process per data directory) the CLI
 * talks to it over /internal with the ops token; otherwise (server stopped, or PostgreSQL) it opens the stores itself.
 *
 *   seed demo                          append the demo data (idempotent)
 *   projections status                 position, lag and generation of every read model
 *   projections rebuild <name|all>     rebuild side by side, then switch atomically
 *   sms <phone>                        the latest SMS code the development provider sent to a phone
 *   ship <orderId> [--express SF] [--waybill N]   the merchant ships an order waiting for shipment
 *   audit order <id> [--as-of <time|commit/prepare>] [--json]   the order's history, each transition checked
 *   after-sale <verb> <afterId> [...]  merchant / platform after-sale moves (after-sale.command.ts)
 */
import { loadConfig } from '../config';
import { resolveOpsToken } from './ops-token';
import { runDirect } from './cli-direct';
import { runRemote, serverIsUp } from './cli-remote';
import { parseShipArgs, type ShipCommand } from './ship.command';
import { parseAuditArgs, type AuditCommand } from './audit.command';
import { AFTER_SALE_USAGE, parseAfterSaleArgs, type AfterSaleCommand } from './after-sale.command';

export type OpsCommand =
  | { kind: 'seed-demo' }
  | { kind: 'projections-status' }
  | { kind: 'projections-rebuild'; name: string }
  | { kind: 'sms'; phone: string }
  | ShipCommand
  | AuditCommand
  | AfterSaleCommand;

const USAGE = `usage: npm run ops -- <command>
  seed demo
  projections status
  projections rebuild <name|all>
  sms <phone>
  ship <orderId> [--express SF] [--waybill 123456789012]
  audit order <id> [--as-of <time|commit/prepare>] [--json]
  ${AFTER_SALE_USAGE}`;

export function parseCommand(argv: string[]): OpsCommand | null {
  const [a, b, c] = argv;
  if (a === 'seed' && b === 'demo') return { kind: 'seed-demo' };
  if (a === 'projections' && b === 'status') return { kind: 'projections-status' };
  if (a === 'projections' && b === 'rebuild' && c) return { kind: 'projections-rebuild', name: c };
  if (a === 'sms' && b) return { kind: 'sms', phone: b };
  if (a === 'ship') return parseShipArgs(argv.slice(1));
  if (a === 'audit') return parseAuditArgs(argv.slice(1));
  if (a === 'after-sale') return parseAfterSaleArgs(argv.slice(1));
  return null;
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const base = `http://127.0.0.1:${config.PORT}`;
  const opsToken = resolveOpsToken(config.OPS_TOKEN, config.DATA_DIR);
  const remote = !config.DATABASE_URL && (await serverIsUp(base));
  const output = remote ? await runRemote(command, base, opsToken) : await runDirect(command, config);
  console.log(output);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
