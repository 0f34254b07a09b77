import { color, num, type Content } from '../canvas.model';

/** assistDiv: blank space of the editor's height and colour between blocks. */
export function AssistDivBlock({ content }: { content: Content }) {
  const height = Math.max(0, Math.min(200, num(content.height, 20)));
  return <div className="canvas-assist" aria-hidden style={{ height, background: color(content.bgColor, 'transparent') }} />;
}
