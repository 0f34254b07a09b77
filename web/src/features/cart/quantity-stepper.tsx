import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { useEffect, useState } from 'react';

interface QuantityStepperProps {
  value: number;
  max: number;
  disabled: boolean;
  /** Changes whenever the server's answer is in (the line as last fetched): the field shows the server's number again. */
  revision: unknown;
  /** A new quantity the shopper settled on (after a step, Enter or leaving the field); false when it was refused. */
  onCommit: (next: number) => boolean;
}

/** − [n] +, 1..stock (spec §5): the buttons stop at the bounds; a typed number is checked on commit. */
export function QuantityStepper({ value, max, disabled, revision, onCommit }: QuantityStepperProps) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value, revision]);
  const commit = (next: number | null) => {
    if (next === null || next === value || !onCommit(next)) setDraft(value);
  };
  return (
    <div className="cart-stepper">
      <Button size="small" aria-label="减少数量" disabled={disabled || value <= 1} onClick={() => commit(value - 1)}>
        −
      </Button>
      <InputNumber<number>
        size="small"
        controls={false}
        precision={0}
        value={draft}
        disabled={disabled}
        aria-label="商品数量"
        className="cart-stepper__input"
        onChange={setDraft}
        onBlur={() => commit(draft)}
        onPressEnter={() => commit(draft)}
      />
      <Button size="small" aria-label="增加数量" disabled={disabled || value >= max} onClick={() => commit(value + 1)}>
        +
      </Button>
    </div>
  );
}
