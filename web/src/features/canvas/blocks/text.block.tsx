import RightOutlined from '@ant-design/icons/RightOutlined';
import { CanvasLink } from '../canvas-link';
import { color, num, readableOn, text, type Content } from '../canvas.model';

const weight = (value: unknown) => (text(value) === 'bold' ? 700 : 400);

/** text: a section heading with a describing line, the editor's alignment, sizes and colours. */
export function TextBlock({ content }: { content: Content }) {
  const title = text(content.title);
  const describe = text(content.describe);
  if (!title && !describe) return null;
  const align = text(content.textPos) === 'center' ? 'center' : 'left';
  // a transparent block shows the page's background
  const background = color(content.bgColor, 'transparent');
  const readable = (value: unknown, fallback: string) => readableOn(color(value, fallback), background === 'transparent' ? '#f5f5f5' : background);
  return (
    <div className="canvas-text" style={{ background, textAlign: align }}>
      <div className="page-width canvas-text__inner" data-align={align}>
        {title && (
          <h2
            className="canvas-text__title"
            style={{ fontSize: Math.min(48, num(content.fontSizeNum, 24)), color: readable(content.titColor, '#333'), fontWeight: weight(content.textFontW) }}
          >
            {title}
          </h2>
        )}
        {describe && (
          <p
            className="canvas-text__describe"
            style={{ fontSize: Math.min(24, num(content.describeSizeNum, 14)), color: readable(content.describeColor, '#6b6b6b'), fontWeight: weight(content.describeFontW) }}
          >
            {describe}
          </p>
        )}
        {content.showLine === true && <hr className="canvas-text__line" />}
        {content.showMore === true && (
          <CanvasLink linkObj={content.link} className="canvas-text__more">
            查看更多 <RightOutlined aria-hidden />
          </CanvasLink>
        )}
      </div>
    </div>
  );
}
