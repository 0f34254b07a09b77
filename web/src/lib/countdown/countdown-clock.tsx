import { countdownParts } from './countdown';
import { useCountdown } from './use-countdown';
import './countdown.css';

const two = (n: number) => n.toString().padStart(2, '0');

interface CountdownClockProps {
  /** Milliseconds left, as the API gave them. */
  time: number;
  /** Text before the digits (距结束, 距开始, 剩余). */
  label: string;
  /** Shown instead of the digits once the time is up. */
  overText: string;
  /** Runs once when the countdown runs out while shown (spec §4: alert and reload, or lock a group). */
  onEnd?: () => void;
  className?: string;
}

/** Digits that tick each second (spec §9): d天 hh:mm:ss. */
export function CountdownClock({ time, label, overText, onEnd, className }: CountdownClockProps) {
  const { remaining, status } = useCountdown(time, onEnd);
  const classes = `countdown-clock${className ? ` ${className}` : ''}`;
  if (status !== 'running') return <span className={`${classes} countdown-clock--over`}>{overText}</span>;
  const { days, hours, minutes, seconds } = countdownParts(remaining);
  return (
    <span className={classes} role="timer" aria-live="off" data-remaining={remaining}>
      <span className="countdown-clock__label">{label}</span>
      {days > 0 && (
        <>
          <b>{days}</b>
          <i>天</i>
        </>
      )}
      <b>{two(hours)}</b>
      <i>:</i>
      <b>{two(minutes)}</b>
      <i>:</i>
      <b>{two(seconds)}</b>
    </span>
  );
}
