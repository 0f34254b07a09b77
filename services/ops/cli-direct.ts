/**
 * The ops CLI's path when no server holds the stores: open them here as a tool, do the work, close. A tool runs no
 * projection runners, joins no Kafka consumer group, starts no forwarder and polls no deadlines (runtime role
 * 'ops-cli'): on PostgreSQL the servers and workers keep doing that, and on PGlite the next server start catches up.
 */
import type { Config } from '../config';
import { openRuntime } from '../runtime';
import type { OpsCommand } from './cli';
import { seedDemo } from './seed/seed-demo';
import { latestOutboxCode, migrateSmsOutbox } from '../sms/sms-outbox';
import { formatSmsCode } from './sms-code.format';
import { formatHealthReport } from './status-table';
import { readHealthReport } from './projection-ops';
import { formatRebuildProgress, formatRebuildResults } from './rebuild.format';
import { RebuildRefusedError } from '../../projections/runner/rebuild';
import { shipOrder, shippedAnswer } from '../orders/ship-order';
import { formatShipped, shipmentOf } from './ship.command';
import { auditOrder } from '../audit/order-audit';
import { asOfOf, formatAnchorKey, formatAudit, formatExported, formatLogVerification } from './audit.command';
import { exportProofBundle } from '../audit/proof-bundle';
import { writeFileSync } from 'node:fs';
import { readPublicKey, verifierOf } from '../audit/anchor-signing-key';
import { verifyLog } from '../audit/verify-log';
import { runAfterSaleDirect } from './after-sale.command';
import { runPaymentsDirect } from './payments.command';

export async function runDirect(command: OpsCommand, config: Config): Promise<string> {
  const runtime = await openRuntime(config, { role: 'ops-cli', log: () => undefined });
  try {
    switch (command.kind) {
      case 'seed-demo': {
        const result = await seedDemo(runtime.store, runtime.clock());
        return result.seeded
          ? `seeded ${result.events} events (appended to the event store; the server's projections apply them)`
          : 'the demo data is already seeded';
      }
      case 'projections-status': {
        return formatHealthReport(await readHealthReport(runtime));
      }
      case 'projections-rebuild': {
        try {
          // progress on a terminal only: a script reading the output gets the results alone
          const terminal = process.stdout.isTTY === true;
          const results = await runtime.projections.rebuild(command.name,
            (p) => { if (terminal) process.stdout.write(`\r${formatRebuildProgress(p)}`); },
            { acceptDifferences: command.acceptDifferences });
          if (terminal) process.stdout.write('\n');
          return formatRebuildResults(results);
        } catch (error) {
          if (process.stdout.isTTY) process.stdout.write('\n');
          if (!(error instanceof RebuildRefusedError)) throw error;
          process.exitCode = 1;
          return error.message;
        }
      }
      case 'sms': {
        await migrateSmsOutbox(runtime.db);
        const latest = await latestOutboxCode(runtime.db, command.phone);
        if (!latest) throw new Error(`no SMS code was sent to ${command.phone}`);
        return formatSmsCode(command.phone, latest);
      }
      case 'ship': {
        const deps = { store: runtime.store, waitFor: runtime.projections.waitFor, clock: runtime.clock };
        const result = await shipOrder(deps, command.orderId, shipmentOf(command));
        return formatShipped(shippedAnswer(command.orderId, result.state));
      }
      case 'audit-order': {
        const audit = await auditOrder(runtime, command.orderId, asOfOf(command));
        if (!audit) throw new Error(`order ${command.orderId} was never placed`);
        return formatAudit(audit, command.json);
      }
      case 'audit-verify': {
        const anchorVerifier = command.publicKey ? verifierOf(readPublicKey(command.publicKey)) : runtime.anchorKey;
        const result = await verifyLog({ store: runtime.store, eventsDb: runtime.eventsDb, anchorVerifier });
        if (!result.ok) process.exitCode = 1;
        return formatLogVerification(result, command.json);
      }
      case 'audit-export': {
        const bundle = await exportProofBundle(runtime, command.selection, runtime.clock());
        writeFileSync(command.out, `${JSON.stringify(bundle, null, 1)}\n`);
        return formatExported(bundle, command.out);
      }
      case 'audit-key': {
        if (!runtime.anchorKey) throw new Error('no chain anchor key here: events in EventStoreDB, or no server has started on this data directory yet');
        return formatAnchorKey(runtime.anchorKey);
      }
      case 'after-sale':
        return await runAfterSaleDirect(runtime, command);
      case 'payments-reconcile':
        return await runPaymentsDirect(runtime, command);
      default: {
        const never: never = command;
        return never;
      }
    }
  } finally {
    await runtime.close();
  }
}
