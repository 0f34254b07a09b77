import type { FirstClassify } from '../../../../domain/catalog/browse.contract';

interface ZoneClassifiesProps {
  classifies: FirstClassify[];
  selected: number | undefined;
  onSelect: (classifyId: number | undefined) => void;
}

/** The zone's category filter: 全部 and the level-1 categories its products are in. */
export function ZoneClassifies({ classifies, selected, onSelect }: ZoneClassifiesProps) {
  if (classifies.length === 0) return null;
  const tab = (id: number | undefined, name: string) => (
    <button
      key={id ?? 0}
      type="button"
      className={`zone-classifies__tab${selected === id ? ' zone-classifies__tab--active' : ''}`}
      aria-pressed={selected === id}
      onClick={() => onSelect(id)}
    >
      {name}
    </button>
  );
  return (
    <nav className="zone-classifies" aria-label="分类">
      {tab(undefined, '全部')}
      {classifies.map((c) => tab(c.classifyId, c.classifyName))}
    </nav>
  );
}
