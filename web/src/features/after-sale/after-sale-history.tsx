import Timeline from 'antd/es/timeline';
import { newestFirst, type AfterHistoryEntry } from './after-sale.model';
import { ProofImages } from './after-sale-facts';

/** The after-sale's history (afterHistory), newest first and marked. */
export function AfterSaleHistory({ history }: { history: AfterHistoryEntry[] }) {
  if (history.length === 0) return null;
  return (
    <section className="after-card" data-testid="after-history">
      <h2 className="after-card__subtitle">协商历史</h2>
      <Timeline
        className="after-history"
        items={newestFirst(history).map((entry, i) => ({
          key: `${entry.time}-${i}`,
          color: i === 0 ? 'red' : 'gray',
          content: (
            <div className={i === 0 ? 'after-history__step after-history__step--latest' : 'after-history__step'}>
              <p className="after-history__title">
                {entry.title}
                {entry.name && <span className="after-history__name">{entry.name}</span>}
              </p>
              {entry.reason && <p className="after-history__reason">{entry.reason}</p>}
              <ProofImages images={entry.images ?? []} />
              <time>{entry.time}</time>
            </div>
          ),
        }))}
      />
    </section>
  );
}
