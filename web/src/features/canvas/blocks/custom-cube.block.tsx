import { CanvasLink } from '../canvas-link';
import { list, num, text, type Content } from '../canvas.model';
import { linkName } from '../link.model';

/**
 * custom (magic cube, 魔方): pictures in one of four arrangements —
 * L1 two in a row, L2 three in a row, L3 four in a row, L4 one large on the left with two stacked on the right.
 */
const arrangements: Record<string, { columns: string; rows?: string; spanFirst?: boolean }> = {
  L1: { columns: 'repeat(2, 1fr)' },
  L2: { columns: 'repeat(3, 1fr)' },
  L3: { columns: 'repeat(4, 1fr)' },
  L4: { columns: '1fr 1fr', rows: '1fr 1fr', spanFirst: true },
};

export function CustomCubeBlock({ content }: { content: Content }) {
  const pictures = list(content.imgData).filter((p) => text(p.src) !== '');
  if (pictures.length === 0) return null;
  const layoutType = text(content.layoutType, 'L1');
  const arrangement = arrangements[layoutType] ?? arrangements.L1;
  const gap = Math.max(0, Math.min(40, num(content.imgClearance, 12)));
  return (
    <div className="page-width">
      <div
        className="canvas-cube"
        data-layout={layoutType in arrangements ? layoutType : 'L1'}
        style={{ gridTemplateColumns: arrangement.columns, gridTemplateRows: arrangement.rows, gap }}
      >
        {pictures.map((picture, i) => (
          <CanvasLink
            key={i}
            linkObj={picture.linkObj}
            className={`canvas-cube__cell${arrangement.spanFirst && i === 0 ? ' canvas-cube__cell--tall' : ''}`}
          >
            <img src={text(picture.src)} alt={linkName(picture.linkObj)} loading="lazy" decoding="async" />
          </CanvasLink>
        ))}
      </div>
    </div>
  );
}
