import Image from 'antd/es/image';
import type { ReactNode } from 'react';

/** A titled card of label / value rows; an empty value shows a dash. */
export function AfterSaleFacts({ title, rows, testId }: { title: string; rows: Array<[string, ReactNode]>; testId?: string }) {
  return (
    <section className="after-card after-facts" data-testid={testId}>
      <h2 className="after-card__subtitle">{title}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="after-facts__row">
            <dt>{label}</dt>
            <dd>{value === '' || value === undefined || value === null ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Proof images, each opening large. */
export function ProofImages({ images }: { images: string[] }) {
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <span className="after-proofs">
        {images.map((src) => (
          <Image key={src} src={src} width={64} height={64} alt="凭证图片" />
        ))}
      </span>
    </Image.PreviewGroup>
  );
}
