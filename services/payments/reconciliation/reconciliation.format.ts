/** A reconciliation report as text: one line per difference, then a summary (the ops command and the daily log). */
import type { ReconciliationReport } from './reconcile-bill';

export function formatReconciliation(report: ReconciliationReport): string {
  const lines = report.differences.map((d) =>
    `✗ ${d.kind.padEnd(32)} ${d.paymentId}${d.refundId ? ` refund ${d.refundId}` : ''}  provider: ${d.provider ?? '—'}  store: ${d.store}`);
  lines.push(report.differences.length === 0
    ? `✓ ${report.billDate}: the provider's bill (${report.billLines} lines) and the store agree on ${report.paymentsChecked} payment(s)`
    : `✗ ${report.billDate}: ${report.differences.length} difference(s) between the provider's bill (${report.billLines} lines) and the store`);
  return lines.join('\n');
}
