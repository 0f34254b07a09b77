import { Link } from 'react-router-dom';
import { productDetailHref } from '../../lib/catalog-ui/links';
import { formatMoney } from '../../lib/format';
import type { Order } from './order.model';

/** After-sale states shown on a line (spec §4 After-sale state). */
const afterStateLabels: Record<number, string> = {
  1: '售后审核中', 2: '退款中', 3: '退货中', 4: '退款成功', 5: '退款失败', 6: '审核不通过', 7: '平台介入中',
  8: '退货完成拒绝退款', 9: '售后已关闭', 10: '审核通过',
};

/** Spec §2 Order detail product table: product, options, unit price, quantity, subtotal (and its after-sale). */
export function OrderProducts({ order }: { order: Order }) {
  return (
    <table className="order-products" data-testid="order-products">
      <thead>
        <tr>
          <th className="order-products__product">商品</th>
          <th>单价</th>
          <th>数量</th>
          <th>小计</th>
          <th>售后</th>
        </tr>
      </thead>
      <tbody>
        {order.skus.map((sku) => (
          <tr key={sku.skuId}>
            <td className="order-products__product">
              <Link to={productDetailHref({ productId: sku.productId, skuId: sku.skuId, shopId: order.shopId })} className="order-line">
                <img src={sku.image} alt="" className="order-line__image" />
                <span className="order-line__text">
                  <span className="order-line__name">{sku.productName}</span>
                  {sku.value && <span className="order-line__values">{sku.value}</span>}
                </span>
              </Link>
            </td>
            <td>¥{formatMoney(sku.price)}</td>
            <td>{sku.number}</td>
            <td className="order-products__total">¥{formatMoney(sku.total)}</td>
            <td className="order-products__after">{afterStateLabels[sku.afterState] ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
