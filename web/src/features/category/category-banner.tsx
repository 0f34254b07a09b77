import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import type { ReactNode } from 'react';

/** The category page's banner: the category picture beside its name (spec §2 "Banner"). */
export function CategoryBanner({ name, image, children }: { name: string; image?: string; children?: ReactNode }) {
  return (
    <section className="category-banner" data-testid="category-banner">
      <div className="category-banner__text">
        <span className="category-banner__eyebrow">
          <AppstoreOutlined aria-hidden /> 商品分类
        </span>
        <h1 className="category-banner__name">{name || '分类商品'}</h1>
        {children}
      </div>
      {image && <img className="category-banner__image" src={image} alt="" decoding="async" />}
    </section>
  );
}
