/** The ops CLI's path through a running server's /internal routes. */
import type { OpsCommand } from './cli';
import { formatSmsCode } from './sms-code.format';
import { formatHealthReport } from './status-table';
import type { HealthReport } from '../api/health/health-report';
import { formatRebuildResults } from './rebuild.format';
import type { RebuildAnswer } from '../api/internal/projections.routes';
import { formatShipped, shipmentOf, type ShippedAnswer } from './ship.command';
import type { OrderAudit } from '../audit/order-audit';
import { formatAnchorKey, formatAudit, formatExported, formatLogVerification } from './audit.command';
import type { ProofBundle } from '../audit/proof-bundle';
import { writeFileSync } from 'node:fs';
import { publicKeyBase64, readPublicKey } from '../audit/anchor-signing-key';
import type { LogVerification } from '../audit/verify-log';
import { bodyOf, formatAfterSale } from './after-sale.command';
import { reconcilePath, reportOutcome } from './payments.command';
import type { ReconciliationReport } from '../payments/reconciliation/reconcile-bill';

async function call(base: string, token: string, method: 'GET' | 'POST', path: string, payload?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { 'x-ops-token': token };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/internal${path}`, {
    method, headers, body: payload === undefined ? undefined : JSON.stringify(payload),
  }).catch((error: unknown) => {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`the server holding the data directory does not answer at ${base} (${reason}); ` +
      'the directory is not opened directly while it is held');
  });
  const body = (await response.json()) as { code: string; message: string; data: unknown };
  if (body.code !== '200') throw new Error(`${body.code} ${body.message}`);
  return body.data;
}

export async function runRemote(command: OpsCommand, base: string, token: string): Promise<string> {
  switch (command.kind) {
    case 'seed-demo': {
      const data = (await call(base, token, 'POST', '/seed/demo')) as { seeded: boolean; events: number };
      return data.seeded ? `seeded ${data.events} events` : 'the demo data is already seeded';
    }
    case 'projections-status':
      return formatHealthReport((await call(base, token, 'GET', '/health')) as HealthReport);
    case 'projections-rebuild': {
      const answer = (await call(base, token, 'POST', `/projections/${encodeURIComponent(command.name)}/rebuild`,
        { acceptDifferences: command.acceptDifferences })) as RebuildAnswer;
      if (answer.refused) {
        process.exitCode = 1;
        return answer.refused;
      }
      return formatRebuildResults(answer.results);
    }
    case 'sms': {
      const data = (await call(base, token, 'GET', `/sms?phone=${encodeURIComponent(command.phone)}`)) as { code: string; sentAt: string };
      return formatSmsCode(command.phone, data);
    }
    case 'ship':
      return formatShipped((await call(base, token, 'POST', `/orders/${command.orderId}/ship`, shipmentOf(command))) as ShippedAnswer);
    case 'audit-order': {
      const query = command.asOf ? `?asOf=${encodeURIComponent(command.asOf)}` : '';
      return formatAudit((await call(base, token, 'GET', `/audit/orders/${command.orderId}${query}`)) as OrderAudit, command.json);
    }
    case 'audit-verify': {
      const query = command.publicKey ? `?publicKey=${encodeURIComponent(publicKeyBase64(readPublicKey(command.publicKey)))}` : '';
      const result = (await call(base, token, 'GET', `/audit/verify${query}`)) as LogVerification;
      if (!result.ok) process.exitCode = 1;
      return formatLogVerification(result, command.json);
    }
    case 'audit-export': {
      const s = command.selection;
      const query = s.kind === 'order' ? `order=${s.orderId}`
        : `shop=${s.shopId}${s.from ? `&from=${encodeURIComponent(s.from)}` : ''}${s.to ? `&to=${encodeURIComponent(s.to)}` : ''}`;
      const bundle = (await call(base, token, 'GET', `/audit/export?${query}`)) as ProofBundle;
      writeFileSync(command.out, `${JSON.stringify(bundle, null, 1)}\n`);
      return formatExported(bundle, command.out);
    }
    case 'audit-key':
      return formatAnchorKey((await call(base, token, 'GET', '/audit/key')) as { keyId: string; publicKeyPem: string; source: string });
    case 'after-sale':
      return formatAfterSale((await call(base, token, 'POST', `/after-sales/${command.afterId}/${command.verb}`, bodyOf(command))) as never);
    case 'payments-reconcile':
      return reportOutcome((await call(base, token, 'GET', reconcilePath(command))) as ReconciliationReport);
    default: {
      const never: never = command;
      return never;
    }
  }
}
