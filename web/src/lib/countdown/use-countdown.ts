import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { countdownMachine } from './countdown.machine';

/** Spec §9: countdowns tick every second. */
export const TICK_MS = 1000;

export type CountdownStatus = 'running' | 'ended' | 'expired';

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
  const machine = useMemo(
    () => countdownMachine.provide({ actions: { announceEnd: () => onEndRef.current?.() } }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { deadline: Date.now() + ms, now: Date.now() } });
  const running = snapshot.matches('running');

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const now = Date.now();
    send({ type: 'RESTART', deadline: now + ms, now });
  }, [ms, send]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => send({ type: 'TICK', now: Date.now() }), TICK_MS);
    return () => clearInterval(timer);
  }, [running, send]);

  const status: CountdownStatus = snapshot.matches('ended') ? 'ended' : snapshot.matches('expired') ? 'expired' : 'running';
  return { remaining: snapshot.context.remaining, status };
}
