/** Prints projection statuses as a table for the ops CLI. */
export interface StatusRow { name: string; version: number; generation: number | null; state: string; feed: string; position: string | null; lag: number | null; lastError: string | null }

export function formatStatusTable(rows: StatusRow[]): string {
  const header = ['projection', 'version', 'generation', 'state', 'feed', 'position', 'lag'];
  const lines = rows.map((r) => [r.name, String(r.version), String(r.generation ?? '-'), r.state, r.feed, r.position ?? '-', r.lag === null ? '?' : String(r.lag)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  const errors = rows.filter((r) => r.lastError).map((r) => `  ${r.name}: ${r.lastError}`);
  return [format(header), ...lines.map(format), ...(errors.length ? ['errors:', ...errors] : [])].join('\n');
}
