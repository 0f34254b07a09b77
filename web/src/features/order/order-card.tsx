import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { Link } from 'react-router-dom';
import { storeHref } from '../../lib/catalog-ui/links';
import { formatMoney } from '../../lib/format';
import { OrderActions } from './order-actions';
import { actualPay, minutesLeft, stateLabelOf, type Order } from './order.model';

interface OrderCardProps {
  order: Order;
  onPay: (orderId: number) => Promise<void>;
  onChanged: () => void;
  onViewLogistics: () => void;
}

const detailHref = (orderId: number) => `/orderDetail?orderId=${orderId}`;

/** One order in my orders: when, number, shop, the lines, what it costs, its state and exactly its actions. */
export function OrderCard({ order, onPay, onChanged, onViewLogistics }: OrderCardProps) {
  return (
    <article className="order-item" data-testid="order-item" data-order-id={order.orderId} data-order-state={order.state}>
      <header className="order-item__head">
        <time>{order.createTime}</time>
        <span>
          订单号：<Link to={detailHref(order.orderId)}>{order.orderFormid}</Link>
        </span>
        <Link to={storeHref(order.shopId)} className="order-item__shop">
          <ShopOutlined aria-hidden /> {order.shopName}
        </Link>
        {order.collageId !== 0 && <span className="order-item__tag">拼团</span>}
      </header>
      <div className="order-item__body">
        <ul className="order-item__lines">
          {order.skus.map((sku) => (
            <li key={sku.skuId} className="order-line">
              <img src={sku.image} alt="" className="order-line__image" />
              <span className="order-line__text">
                <span className="order-line__name">{sku.productName}</span>
                {sku.value && <span className="order-line__values">{sku.value}</span>}
              </span>
              <span className="order-line__price">¥{formatMoney(sku.price)}</span>
              <span className="order-line__number">×{sku.number}</span>
            </li>
          ))}
        </ul>
        <div className="order-item__money">
          <strong>¥{formatMoney(actualPay(order))}</strong>
          <span>（含运费 ¥{formatMoney(order.logisticsPrice)}）</span>
        </div>
        <div className="order-item__state">
          <span className={`order-item__status order-item__status--${order.state}`}>{stateLabelOf(order)}</span>
          {order.state === 1 && order.time > 0 && <span className="order-item__left">剩余 {minutesLeft(order.time)} 分钟</span>}
          <Link to={detailHref(order.orderId)}>订单详情</Link>
        </div>
        <div className="order-item__actions">
          <OrderActions
            order={order}
            onPay={onPay}
            onChanged={() => onChanged()}
            onViewLogistics={onViewLogistics}
          />
        </div>
      </div>
    </article>
  );
}
