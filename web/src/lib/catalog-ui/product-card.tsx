import { Link } from 'react-router-dom';
import { productDetailHref } from './links';
import { Price } from './price';
import './catalog-ui.css';

/** Spec §3 product card, the fields a card shows. */
export interface ProductCardView {
  productId: number;
  skuId: number;
  shopId: number;
  image: string;
  productName: string;
  price: number;
  originalPrice?: number;
  shopName?: string;
  /** Sold count, when the listing gives it. */
  number?: number;
}

/** One product in a grid: image, price, name, shop; the whole card opens the detail page. */
export function ProductCard({ product }: { product: ProductCardView }) {
  const showOriginal = product.originalPrice !== undefined && product.originalPrice > product.price;
  return (
    <Link to={productDetailHref(product)} className="product-card" data-testid="product-card" title={product.productName}>
      <div className="product-card__image">
        <img src={product.image} alt={product.productName} loading="lazy" decoding="async" />
      </div>
      <div className="product-card__body">
        <div className="product-card__prices">
          <Price value={product.price} className="product-card__price" />
          {showOriginal && <Price value={product.originalPrice ?? 0} strike />}
        </div>
        <p className="product-card__name">{product.productName}</p>
        <div className="product-card__meta">
          {product.shopName && <span className="product-card__shop">{product.shopName}</span>}
          {product.number !== undefined && product.number > 0 && <span className="product-card__sold">已售 {product.number}</span>}
        </div>
      </div>
    </Link>
  );
}

/** Cards in rows of `columns` (4 by default: 12 per page makes three full rows). */
export function ProductGrid({ products, columns = 4 }: { products: ProductCardView[]; columns?: 4 | 5 }) {
  return (
    <ul className={`product-grid product-grid--${columns}`}>
      {products.map((product) => (
        <li key={`${product.productId}-${product.skuId}`}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
