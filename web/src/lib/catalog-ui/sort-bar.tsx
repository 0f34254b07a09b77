import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import type { ReactNode } from 'react';
import { activeSortKey, chooseSort, type Sort, type SortKey } from './sort.model';
import './catalog-ui.css';

const labels: Array<{ key: SortKey; label: string }> = [
  { key: 'default', label: '默认' },
  { key: 'price', label: '价格' },
  { key: 'sales', label: '销量' },
];

interface SortBarProps {
  sort: Sort;
  onChange: (next: Sort) => void;
  /** Extra controls on the right of the bar (the search page's price range). */
  children?: ReactNode;
}

/** The sort strip above every product grid. */
export function SortBar({ sort, onChange, children }: SortBarProps) {
  const active = activeSortKey(sort);
  const direction = sort.type ?? sort.volume;
  return (
    <div className="sort-bar" role="toolbar" aria-label="排序">
      {labels.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          className="sort-bar__item"
          data-active={active === key}
          aria-pressed={active === key}
          onClick={() => onChange(chooseSort(sort, key))}
        >
          {label}
          {key !== 'default' && active === key && (direction === 1 ? <ArrowUpOutlined aria-label="升序" /> : <ArrowDownOutlined aria-label="降序" />)}
        </button>
      ))}
      {children && <div className="sort-bar__extra">{children}</div>}
    </div>
  );
}
