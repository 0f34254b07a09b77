import { CanvasLink } from '../canvas-link';
import { text, type Content } from '../canvas.model';

/** imageText: one picture beside a title and text (`positionValue` left or right). */
export function ImageTextBlock({ content }: { content: Content }) {
  const image = text(content.imageUrl);
  const title = text(content.title);
  if (!image && !title) return null;
  const imageRight = text(content.positionValue) === 'right';
  return (
    <div className="page-width">
      <CanvasLink linkObj={content.linkObj} className={`canvas-image-text${imageRight ? ' canvas-image-text--right' : ''}`}>
        {image && <img className="canvas-image-text__image" src={image} alt={title} loading="lazy" decoding="async" />}
        <div className="canvas-image-text__body">
          <h3>{title}</h3>
          <p>{text(content.content)}</p>
        </div>
      </CanvasLink>
    </div>
  );
}
