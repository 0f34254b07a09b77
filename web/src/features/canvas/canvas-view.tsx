import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useRequest } from '../../lib/use-request';
import { getCanvas, type CanvasQuery } from './api/get-canvas';
import { BlockRetry } from './block-retry';
import { renderBlock } from './block-registry';
import { deferredTypes, parseLayout } from './canvas.model';
import { CanvasContext, type CanvasScope } from './canvas-context';
import { LoadingMask } from './loading-mask';
import './canvas.css';

interface CanvasViewProps {
  query: CanvasQuery;
  /** Shown when the server has no layout for this page. */
  empty?: ReactNode;
}

/**
 * Renders a page layout (spec §2 home, custom page, shop home tab): fetch, drop the fourth component,
 * render each block, and keep a full-screen mask up until every deferred block has answered (or 5 s).
 */
export function CanvasView({ query, empty }: CanvasViewProps) {
  const { data, error, loading, reload } = useRequest(
    (signal) => getCanvas(query, signal),
    [query.type, query.shopId],
  );
  const components = useMemo(() => (data ? parseLayout(data.json) : []), [data]);
  const deferredKeys = useMemo(() => components.filter((c) => deferredTypes.has(c.type)).map((c) => c.key), [components]);
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const settle = useCallback((key: string) => setSettled((previous) => new Set(previous).add(key)), []);
  const scope = useMemo<CanvasScope>(() => ({ shopId: query.type === 3 ? query.shopId : undefined, settle }), [query.type, query.shopId, settle]);

  const waiting = loading || deferredKeys.some((key) => !settled.has(key));
  return (
    <CanvasContext.Provider value={scope}>
      <LoadingMask waiting={waiting} />
      <div className="canvas" data-testid="canvas" data-ready={!waiting}>
        {error && <div className="page-width">{error.code === 'NETWORK' || error.code === 'TIMEOUT' ? <BlockRetry onRetry={reload} /> : empty}</div>}
        {data && components.length === 0 && empty}
        {components.map((component) => (
          <section key={component.key} className={`canvas-block canvas-block--${component.type}`} data-block={component.type}>
            {renderBlock(component)}
          </section>
        ))}
      </div>
    </CanvasContext.Provider>
  );
}
