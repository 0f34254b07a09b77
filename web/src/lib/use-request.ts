import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react';
import { ApiError } from './api-client';
import { httpStatusMessage } from './http-messages';

export interface RequestState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

type Outcome<T> = { data?: T; error?: ApiError; loading: boolean };

const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError('CLIENT', httpStatusMessage(500));

/**
 * Runs a read call when `deps` change, cancelling the previous one, so a slow answer for an old
 * page never overwrites the current one.
 */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): RequestState<T> {
  const [outcome, setOutcome] = useState<Outcome<T>>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setOutcome((previous) => ({ data: previous.data, loading: true }));
    // The answer renders as a transition: React renders it in slices and lets input and paint in between, so a
    // screen that fills from several answers blocks the main thread in short tasks instead of one per answer.
    const settle = (next: Outcome<T>) => controller.signal.aborted || startTransition(() => setOutcome(next));
    load(controller.signal).then(
      (data) => settle({ data, loading: false }),
      (error: unknown) => settle({ error: asApiError(error), loading: false }),
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; deps name what it reads.
  }, [...deps, attempt]);

  return { data: outcome.data, error: outcome.error, loading: outcome.loading, reload };
}
