import { CanvasLink } from '../canvas-link';
import { list, text, type Content } from '../canvas.model';

/** imageTextNav: a row of round icons with short labels (quick entries). */
export function ImageTextNavBlock({ content }: { content: Content }) {
  const items = list(content.imgTextData).filter((item) => text(item.img) !== '' || text(item.title) !== '');
  if (items.length === 0) return null;
  return (
    <div className="page-width">
      <nav className="canvas-nav">
        {items.map((item, i) => (
          <CanvasLink key={i} linkObj={item.linkObj} className="canvas-nav__item">
            {text(item.img) && <img src={text(item.img)} alt="" loading="lazy" decoding="async" />}
            <span>{text(item.title)}</span>
          </CanvasLink>
        ))}
      </nav>
    </div>
  );
}
