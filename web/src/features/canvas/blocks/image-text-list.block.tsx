import { CanvasLink } from '../canvas-link';
import { list, text, type Content } from '../canvas.model';
import { BlockTitle } from './block-title';

/** imageTextList: cards of picture, title and a describing line, side by side. */
export function ImageTextListBlock({ content }: { content: Content }) {
  const items = list(content.imgTextData).filter((item) => text(item.imgData) !== '' || text(item.title) !== '');
  if (items.length === 0) return null;
  return (
    <div className="page-width">
      <BlockTitle title={text(content.title)} align={text(content.textAlign)} />
      <ul className="canvas-cards" style={{ gridTemplateColumns: `repeat(${Math.min(items.length, 4)}, 1fr)` }}>
        {items.map((item, i) => (
          <li key={i}>
            <CanvasLink linkObj={item.linkObj} className="canvas-cards__item">
              {text(item.imgData) && <img src={text(item.imgData)} alt={text(item.title)} loading="lazy" decoding="async" />}
              <div className="canvas-cards__body">
                <h3>{text(item.title)}</h3>
                {item.isShow !== false && text(item.describe) && <p>{text(item.describe)}</p>}
              </div>
            </CanvasLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
