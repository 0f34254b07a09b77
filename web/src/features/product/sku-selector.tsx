import type { SkuName } from '../../../../domain/catalog/detail.contract';
import { choose, isAvailable, type Selection, type SkuMap } from './sku.model';

interface SkuSelectorProps {
  names: SkuName[];
  map: SkuMap;
  selection: Selection;
  onChange: (next: Selection) => void;
}

/** One row per spec (颜色, 尺码...); values no SKU combines with the other choices are disabled. */
export function SkuSelector({ names, map, selection, onChange }: SkuSelectorProps) {
  if (names.length === 0) return null;
  return (
    <>
      {names.map((name, position) => (
        <div className="purchase__row" key={name.nameCode} role="radiogroup" aria-label={name.skuName}>
          <span className="purchase__label">{name.skuName}</span>
          <div className="sku-values">
            {name.values.map((value) => {
              const chosen = selection[position] === value.valueCode;
              const available = isAvailable(map, selection, position, value.valueCode);
              return (
                <button
                  key={value.valueCode}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  className="sku-values__item"
                  data-chosen={chosen}
                  disabled={!available && !chosen}
                  onClick={() => onChange(choose(selection, position, value.valueCode))}
                >
                  {value.skuValue}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </>
  );
}
