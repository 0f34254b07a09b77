import { createContext, useContext, useEffect, useRef } from 'react';
import { useRequest, type RequestState } from '../../lib/use-request';

export interface CanvasScope {
  /** The shop whose page this is; undefined on platform pages (home, custom). */
  shopId?: number;
  /** A deferred block reports that its first load finished, well or not (the page mask waits for all). */
  settle: (key: string) => void;
}

export const CanvasContext = createContext<CanvasScope>({ settle: () => undefined });

export const useCanvasScope = (): CanvasScope => useContext(CanvasContext);

/**
 * A deferred block's call: a normal request that also tells the page when its first answer (or failure)
 * arrived, so the loading mask can close.
 */
export function useBlockRequest<T>(key: string, load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): RequestState<T> {
  const { settle } = useCanvasScope();
  const state = useRequest(load, deps);
  const settled = useRef(false);
  useEffect(() => {
    if (state.loading || settled.current) return;
    settled.current = true;
    settle(key);
  }, [state.loading, settle, key]);
  return state;
}
