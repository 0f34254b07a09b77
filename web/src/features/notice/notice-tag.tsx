import type { ReactNode } from 'react';

/** A notice's type label, drawn as antd's outlined Tag in red or grey without loading Tag on the home page. */
export function NoticeTag({ tone, children }: { tone: 'red' | 'grey'; children: ReactNode }) {
  return <span className={`notice-tag notice-tag--${tone}`}>{children}</span>;
}
