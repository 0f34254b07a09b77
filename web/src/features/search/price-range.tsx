import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { useEffect, useState } from 'react';

export interface PriceBounds {
  minMoney?: number;
  maxMoney?: number;
}

interface PriceRangeProps {
  applied: PriceBounds;
  onApply: (bounds: PriceBounds) => void;
}

const value = (n: number | null) => (n === null || !Number.isFinite(n) ? undefined : n);

/** Spec §2 search: numeric min/max price (no bounds enforced) with 确定 and 清空 (products only). */
export function PriceRange({ applied, onApply }: PriceRangeProps) {
  const [min, setMin] = useState<number | null>(applied.minMoney ?? null);
  const [max, setMax] = useState<number | null>(applied.maxMoney ?? null);
  // A sort change resets the applied range: the inputs follow.
  useEffect(() => {
    setMin(applied.minMoney ?? null);
    setMax(applied.maxMoney ?? null);
  }, [applied.minMoney, applied.maxMoney]);

  return (
    <div className="price-range">
      <InputNumber<number>
        size="small"
        controls={false}
        prefix="¥"
        placeholder="最低价"
        value={min}
        onChange={setMin}
        aria-label="最低价"
        className="price-range__input"
      />
      <span className="price-range__dash">-</span>
      <InputNumber<number>
        size="small"
        controls={false}
        prefix="¥"
        placeholder="最高价"
        value={max}
        onChange={setMax}
        aria-label="最高价"
        className="price-range__input"
      />
      <Button size="small" type="primary" onClick={() => onApply({ minMoney: value(min), maxMoney: value(max) })}>
        确定
      </Button>
      <Button
        size="small"
        onClick={() => {
          setMin(null);
          setMax(null);
          onApply({});
        }}
      >
        清空
      </Button>
    </div>
  );
}
