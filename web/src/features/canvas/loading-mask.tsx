import { useEffect, useState } from 'react';

/** Spec §9: the layout's loading mask closes by itself after 5000 ms. */
export const MASK_TIMEOUT_MS = 5000;

/** Full-screen mask while a layout's deferred blocks load (spec §4). */
export function LoadingMask({ waiting }: { waiting: boolean }) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), MASK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!waiting || timedOut) return null;
  return (
    <div className="canvas-mask" role="progressbar" aria-label="页面加载中" data-testid="canvas-mask">
      <span className="canvas-mask__spinner" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="canvas-mask__text">加载中…</span>
    </div>
  );
}
