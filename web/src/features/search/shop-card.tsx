import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { Link } from 'react-router-dom';
import type { ShopCard as ShopCardData } from '../../../../domain/catalog/browse.contract';
import { productDetailHref, storeHref } from '../../lib/catalog-ui/links';
import { Price } from '../../lib/catalog-ui/price';

/** Spec §2 shop result: logo, name, 所在地, 进入店铺, sample products. */
export function ShopCard({ shop }: { shop: ShopCardData }) {
  return (
    <article className="shop-card" data-testid="shop-card">
      <div className="shop-card__profile">
        <img className="shop-card__logo" src={shop.shopLogo} alt={`${shop.shopName} 店铺标志`} loading="lazy" decoding="async" />
        <h3 className="shop-card__name" title={shop.shopName}>{shop.shopName}</h3>
        <p className="shop-card__location">
          <EnvironmentOutlined aria-hidden /> 所在地：{shop.shopAdress || '—'}
        </p>
        <p className="shop-card__stats">
          <span>商品 {shop.classifyNumber}</span>
          <span>已售 {shop.number}</span>
        </p>
        <Link to={storeHref(shop.shopId)} className="shop-card__enter">
          <ShopOutlined aria-hidden /> 进入店铺
        </Link>
      </div>
      <ul className="shop-card__samples">
        {shop.skus.map((product) => (
          <li key={product.productId}>
            <Link to={productDetailHref(product)} className="shop-card__sample" title={product.productName}>
              <img src={product.image} alt={product.productName} loading="lazy" decoding="async" />
              <Price value={product.price} className="shop-card__price" />
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
