import { Link } from 'react-router-dom';
import type { ToolProduct } from '../../../../../domain/catalog/detail.contract';
import { productDetailHref } from '../../../lib/catalog-ui/links';
import { Price } from '../../../lib/catalog-ui/price';
import { kindLabels, soldPercent, type ActivityKind } from './activity.model';

/** One product of an activity: activity price over the struck original, and the limited-stock progress. */
export function ActivityProduct({ kind, product, wide = false }: { kind: ActivityKind; product: ToolProduct; wide?: boolean }) {
  const percent = soldPercent(product);
  return (
    <Link to={productDetailHref(product)} className={`activity-product${wide ? ' activity-product--wide' : ''}`} title={product.productName}>
      <div className="activity-product__image">
        <img src={product.image} alt={product.productName} loading="lazy" decoding="async" />
        <span className="activity-product__badge">{kind === 'group' && product.person > 0 ? `${product.person}人团` : kindLabels[kind].tag}</span>
      </div>
      <div className="activity-product__info">
        <p className="activity-product__name">{product.productName}</p>
        <div className="activity-product__prices">
          <Price value={product.price} className="activity-product__price" />
          {product.originalPrice > product.price && <Price value={product.originalPrice} strike />}
        </div>
        {product.limitNumber > 0 && (
          <div className="activity-product__progress" data-testid="stock-progress">
            <div className="activity-product__bar" role="progressbar" aria-label="已抢" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
              <div className="activity-product__bar-fill" style={{ width: `${percent}%` }} />
            </div>
            <span>已抢{percent}%</span>
          </div>
        )}
        {wide && <span className="activity-product__go">{kind === 'group' ? '去拼团' : '马上抢'}</span>}
      </div>
    </Link>
  );
}
