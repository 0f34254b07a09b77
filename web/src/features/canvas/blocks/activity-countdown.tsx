import App from 'antd/es/app';
import { CountdownClock } from '../../../lib/countdown/countdown-clock';

/**
 * An activity's countdown (spec §4): to its end while running (ifEnable 0), to its start while 预热 (ifEnable 1).
 * Running out under 1 s alerts 活动已结束 (or, for a start, just reloads) and reloads the block.
 */
export function ActivityCountdown({ time, upcoming, onOver }: { time: number; upcoming: boolean; onOver: () => void }) {
  const { message } = App.useApp();
  return (
    <CountdownClock
      time={time}
      label={upcoming ? '距开始' : '距结束'}
      overText={upcoming ? '即将开始' : '活动已结束'}
      className="canvas-activity__countdown"
      onEnd={() => {
        if (!upcoming) void message.info('活动已结束');
        onOver();
      }}
    />
  );
}
