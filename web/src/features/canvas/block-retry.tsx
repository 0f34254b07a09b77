import ReloadOutlined from '@ant-design/icons/ReloadOutlined';

/** What a block shows when its call failed: one quiet line that loads it again. */
export function BlockRetry({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="canvas-retry" data-testid="block-retry">
      <button type="button" onClick={onRetry}>
        <ReloadOutlined aria-hidden /> 内容加载失败，点击重试
      </button>
    </div>
  );
}
