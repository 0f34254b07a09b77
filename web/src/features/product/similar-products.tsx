import { Link } from 'react-router-dom';
import type { ProductCard } from '../../../../domain/catalog/detail.contract';
import { productDetailHref } from '../../lib/catalog-ui/links';
import { Price } from '../../lib/catalog-ui/price';

/** Spec §2 猜你喜欢: similar products beside the tabs. */
export function SimilarProducts({ products }: { products: ProductCard[] }) {
  if (products.length === 0) return null;
  return (
    <aside className="similar" aria-labelledby="similar-title">
      <h2 id="similar-title" className="similar__title">
        猜你喜欢
      </h2>
      <ul className="similar__list">
        {products.map((p) => (
          <li key={p.productId}>
            <Link to={productDetailHref(p)} className="similar__item" title={p.productName}>
              <img src={p.image} alt={p.productName} loading="lazy" decoding="async" />
              <span className="similar__name">{p.productName}</span>
              <Price value={p.price} />
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
