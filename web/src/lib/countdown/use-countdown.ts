import { useEffect, useReducer, useRef } from 'react';
import { countdownReducer, startCountdown, type CountdownStatus } from './countdown';

/** Spec §9: countdowns tick every second. */
export const TICK_MS = 1000;

export type { CountdownStatus };

export interface Countdown {
  remaining: number;
  status: CountdownStatus;
}

/**
 * Counts `ms` (as the API gives it, milliseconds left when the answer was made) down to zero. `onEnd` runs once
 * when the countdown runs out while shown; a new `ms` (reloaded data) starts it again.
 */
export function useCountdown(ms: number, onEnd?: () => void): Countdown {
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const [state, send] = useReducer(countdownReducer, ms, (initial) => startCountdown(Date.now() + initial, Date.now()));

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const now = Date.now();
    send({ type: 'RESTART', deadline: now + ms, now });
  }, [ms]);

  const running = state.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => send({ type: 'TICK', now: Date.now() }), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  // `ended` is only reached from `running` by a TICK: announced once per run
  useEffect(() => {
    if (state.status === 'ended') onEndRef.current?.();
  }, [state.status]);

  return { remaining: state.remaining, status: state.status };
}
