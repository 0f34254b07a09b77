import { Link } from 'react-router-dom';
import type { DiscountBlock, GroupWorkBlock, SeckillBlock } from '../../../../../domain/catalog/detail.contract';
import { getDiscounts } from '../api/get-discounts';
import { getGroupWorks } from '../api/get-group-works';
import { getSeckills } from '../api/get-seckills';
import { BlockRetry } from '../block-retry';
import { text, type Content } from '../canvas.model';
import { useBlockRequest, useCanvasScope } from '../canvas-context';
import { ActivityCountdown } from './activity-countdown';
import { ActivityProduct } from './activity-product';
import { activityIds, kindLabels, type ActivityKind } from './activity.model';
import { zoneHref } from '../../promotion-zone/zone.model';

type Activity = SeckillBlock | DiscountBlock | GroupWorkBlock;

/** Up to three products fill the row as wide cards; more are shown as a grid of up to five. */
const WIDE_UP_TO = 3;

function load(kind: ActivityKind, wanted: number[], shopId: number | undefined, signal: AbortSignal): Promise<Activity[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  if (kind === 'seckill') return getSeckills(wanted, shopId, signal);
  if (kind === 'discount') return getDiscounts(wanted, shopId, signal);
  return getGroupWorks(wanted, shopId, signal);
}

const activityName = (activity: Activity): string =>
  ('seckillName' in activity && activity.seckillName) ||
  ('discountName' in activity && activity.discountName) ||
  ('groupName' in activity && activity.groupName) ||
  activity.activityName;

const activityIdOf = (activity: Activity): number =>
  ('shopSeckillId' in activity && activity.shopSeckillId) ||
  ('shopDiscountId' in activity && activity.shopDiscountId) ||
  ('shopGroupWorkId' in activity && activity.shopGroupWorkId) ||
  0;

interface ActivityBlockProps {
  blockKey: string;
  kind: ActivityKind;
  title: string;
  content: Content;
}

/** spikeList / discountList / groupList: each named activity with its countdown and products at activity price. */
export function ActivityBlock({ blockKey, kind, title, content }: ActivityBlockProps) {
  const { shopId } = useCanvasScope();
  const wanted = activityIds(kind, content);
  const { data, error, reload } = useBlockRequest(blockKey, (signal) => load(kind, wanted, shopId, signal), [kind, shopId, wanted.join(',')]);
  if (error) return <BlockRetry onRetry={reload} />;
  const activities = (data ?? []).filter((activity) => activity.products.length > 0);
  if (activities.length === 0) return null;
  const editorName = Array.isArray(content.activityName) ? text(content.activityName[0]) : text(content.activityName);
  return (
    <div className="page-width">
      {activities.map((activity) => (
        <div key={`${kind}-${activity.startTime}-${activityName(activity)}`} className={`canvas-activity canvas-activity--${kind}`} data-testid={`activity-${kind}`}>
          <header className="canvas-activity__header">
            <span className="canvas-activity__tag">{kindLabels[kind].tag}</span>
            <h2 className="canvas-activity__title">{activityName(activity) || editorName || title || kindLabels[kind].title}</h2>
            {'person' in activity && activity.person > 0 && <span className="canvas-activity__sub">{activity.person}人成团</span>}
            {activity.ifEnable === 1 && activity.startTime && <span className="canvas-activity__sub">{activity.startTime} 开始</span>}
            <ActivityCountdown time={activity.time} upcoming={activity.ifEnable === 1} onOver={reload} />
            <Link className="canvas-activity__more" to={zoneHref(kind, activity.shopId, activityIdOf(activity))}>更多</Link>
          </header>
          <ul
            className={`canvas-activity__products${activity.products.length <= WIDE_UP_TO ? ' canvas-activity__products--wide' : ''}`}
            style={{ gridTemplateColumns: `repeat(${Math.min(activity.products.length, 5)}, minmax(0, 1fr))` }}
          >
            {activity.products.slice(0, 10).map((product) => (
              <li key={`${product.productId}-${product.skuId}`}>
                <ActivityProduct kind={kind} product={product} wide={activity.products.length <= WIDE_UP_TO} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
