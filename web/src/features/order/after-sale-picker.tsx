import App from 'antd/es/app';
import Checkbox from 'antd/es/checkbox';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import type { Order, OrderSku } from './order.model';

/** Spec §5: the product picker needs one line. */
export const PICK_ONE_MESSAGE = '请先选择需要申请售后的商品';

interface AfterSalePickerProps {
  order: Order;
  onPicked: (skus: OrderSku[]) => void;
  onClose: () => void;
}

/** Spec §2 My orders: choose the after-sale products (with select-all) among the lines that may still have one. */
export function AfterSalePicker({ order, onPicked, onClose }: AfterSalePickerProps) {
  const { message } = App.useApp();
  const eligible = order.skus.filter((s) => s.ifAfter === 1);
  const [chosen, setChosen] = useState<number[]>([]);
  const all = eligible.length > 0 && chosen.length === eligible.length;
  const toggle = (skuId: number, on: boolean) =>
    setChosen((ids) => (on ? [...ids, skuId] : ids.filter((id) => id !== skuId)));

  return (
    <Modal
      open
      centered
      title="选择售后商品"
      okText="确定"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => {
        if (chosen.length === 0) {
          void message.warning(PICK_ONE_MESSAGE);
          return;
        }
        onPicked(eligible.filter((s) => chosen.includes(s.skuId)));
      }}
    >
      <ul className="after-picker" data-testid="after-sale-picker">
        {eligible.map((sku) => (
          <li key={sku.skuId} className="after-picker__row">
            <Checkbox checked={chosen.includes(sku.skuId)} onChange={(e) => toggle(sku.skuId, e.target.checked)}>
              <span className="after-picker__item">
                <img src={sku.image} alt="" />
                <span className="after-picker__name">{sku.productName}</span>
                <span className="after-picker__values">{sku.value}</span>
                <span>¥{formatMoney(sku.price)} × {sku.number}</span>
              </span>
            </Checkbox>
          </li>
        ))}
      </ul>
      <Checkbox
        checked={all}
        indeterminate={chosen.length > 0 && !all}
        onChange={(e) => setChosen(e.target.checked ? eligible.map((s) => s.skuId) : [])}
      >
        全选
      </Checkbox>
    </Modal>
  );
}
