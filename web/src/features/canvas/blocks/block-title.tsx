import type { ReactNode } from 'react';

/** The heading a list block may carry (brandList, categoryList, imageTextList, productList...). */
export function BlockTitle({ title, align, extra }: { title: string; align?: string; extra?: ReactNode }) {
  if (!title && !extra) return null;
  return (
    <div className="canvas-block-title" data-align={align === 'center' ? 'center' : 'left'}>
      {title && <h2>{title}</h2>}
      {extra}
    </div>
  );
}
