import App from 'antd/es/app';
import Progress from 'antd/es/progress';
import type { SkuActivity } from '../../../../domain/catalog/detail.contract';
import { Price } from '../../lib/catalog-ui/price';
import { CountdownClock } from '../../lib/countdown/countdown-clock';
import { activityLabels, activityPhase, soldPercent } from './activity.model';

interface PriceBoxProps {
  /** The chosen SKU's activity (or the product's when no SKU is chosen). */
  activity: SkuActivity;
  price: number;
  originalPrice: number;
  sold: number;
  buyers: number;
  /** The activity started or ended while shown: load the page data again. */
  onActivityChange: () => void;
}

/** Price, activity (group-buy / flash sale / discount) with its countdown, and sales (spec §2, §4). */
export function PriceBox({ activity, price, originalPrice, sold, buyers, onActivityChange }: PriceBoxProps) {
  const { message } = App.useApp();
  const phase = activityPhase(activity);
  const label = activityLabels[activity.activityType];
  return (
    <div className="price-box" data-phase={phase}>
      {phase !== 'none' && (
        <div className="price-box__activity" data-testid="activity-strip">
          <span className="price-box__tag">{label}</span>
          <span className="price-box__name">{activity.activityName}</span>
          {phase === 'upcoming' && <span className="price-box__preheat">预热中 · {activity.startTime} 开始</span>}
          <CountdownClock
            key={`${activity.activityType}-${activity.time}`}
            className="price-box__countdown"
            time={activity.time}
            label={phase === 'upcoming' ? '距开始' : '距结束'}
            overText={phase === 'upcoming' ? '即将开始' : '活动已结束'}
            onEnd={() => {
              if (phase === 'running') void message.info('活动已结束');
              onActivityChange();
            }}
          />
        </div>
      )}
      <div className="price-box__body">
        <div className="price-box__row">
          <span className="price-box__label">{phase === 'running' ? `${label}价` : '价格'}</span>
          <Price value={price} className="price-box__price" />
          {originalPrice > price && (
            <span className="price-box__original">
              原价 <Price value={originalPrice} strike />
            </span>
          )}
          {phase === 'running' && activity.activityType === 1 && activity.person > 0 && (
            <span className="price-box__chip">{activity.person}人团</span>
          )}
        </div>
        {phase === 'upcoming' && (
          <div className="price-box__row price-box__row--small">
            <span className="price-box__label">{label}价</span>
            <Price value={activity.activityPrice} />
            <span className="price-box__hint">活动开始后可享，当前按原价购买</span>
          </div>
        )}
        {phase === 'running' && activity.limitNumber > 0 && (
          <div className="price-box__row price-box__row--small" data-testid="activity-progress">
            <span className="price-box__label">已抢</span>
            <Progress className="price-box__progress" percent={soldPercent(activity)} size="small" strokeColor={{ from: '#ff8a3d', to: '#cf2a2e' }} />
            {activity.userLimit > 0 && <span className="price-box__hint">每人限购 {activity.userLimit} 件</span>}
          </div>
        )}
        <div className="price-box__stats">
          <span>
            累计销量 <b>{sold}</b>
          </span>
          <span>
            付款人数 <b>{buyers}</b>
          </span>
        </div>
      </div>
    </div>
  );
}
