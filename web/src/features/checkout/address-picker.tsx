import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { maskPhone } from '../../lib/format';
import type { Address } from './settlement.model';

interface AddressPickerProps {
  addresses: Address[];
  selectedId: number | null;
  onSelect: (receiveId: number) => void;
  onAdd: () => void;
  onEdit: (address: Address) => void;
}

/** Spec §2 Place order: choose the receiving address, add one, or edit one. */
export function AddressPicker({ addresses, selectedId, onSelect, onAdd, onEdit }: AddressPickerProps) {
  return (
    <ul className="address-picker" data-testid="address-picker">
      {addresses.map((a) => (
        <li key={a.receiveId}>
          <div
            role="radio"
            tabIndex={0}
            aria-checked={a.receiveId === selectedId}
            className="address-card"
            data-selected={a.receiveId === selectedId}
            onClick={() => onSelect(a.receiveId)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(a.receiveId)}
          >
            <p className="address-card__who">
              <EnvironmentOutlined aria-hidden /> <strong>{a.receiveName}</strong> <span>{maskPhone(a.receivePhone)}</span>
              {a.defult && <span className="address-card__tag">默认</span>}
              {a.label && <span className="address-card__label">{a.label}</span>}
            </p>
            <p className="address-card__where">
              {a.receiveAdress.replaceAll('-', ' ')} {a.address}
            </p>
            <button
              type="button"
              className="address-card__edit"
              onClick={(e) => {
                e.stopPropagation();
                onEdit(a);
              }}
            >
              修改
            </button>
          </div>
        </li>
      ))}
      <li>
        <button type="button" className="address-card address-card--add" onClick={onAdd}>
          <PlusOutlined aria-hidden /> 新增收货地址
        </button>
      </li>
    </ul>
  );
}
