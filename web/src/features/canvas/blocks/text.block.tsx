import RightOutlined from '@ant-design/icons/RightOutlined';
import { CanvasLink } from '../canvas-link';
import { color, num, text, type Content } from '../canvas.model';

const weight = (value: unknown) => (text(value) === 'bold' ? 700 : 400);

/** text: a section heading with a describing line, the editor's alignment, sizes and colours. */
export function TextBlock({ content }: { content: Content }) {
  const title = text(content.title);
  const describe = text(content.describe);
  if (!title && !describe) return null;
  const align = text(content.textPos) === 'center' ? 'center' : 'left';
  return (
    <div className="canvas-text" style={{ background: color(content.bgColor, 'transparent'), textAlign: align }}>
      <div className="page-width canvas-text__inner" data-align={align}>
        {title && (
          <h2
            className="canvas-text__title"
            style={{ fontSize: Math.min(48, num(content.fontSizeNum, 24)), color: color(content.titColor, '#333'), fontWeight: weight(content.textFontW) }}
          >
            {title}
          </h2>
        )}
        {describe && (
          <p
            className="canvas-text__describe"
            style={{ fontSize: Math.min(24, num(content.describeSizeNum, 14)), color: color(content.describeColor, '#999'), fontWeight: weight(content.describeFontW) }}
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
