import { Link } from 'react-router-dom';
import { storeHref } from '../../lib/catalog-ui/links';
import { ActivityCountdown } from '../canvas/blocks/activity-countdown';
import { kindLabels, type ActivityKind } from '../canvas/blocks/activity.model';
import type { Zone } from './api/get-zone';
import { countsDown, zoneRoutes } from './zone.model';

interface ZoneHeaderProps { kind: ActivityKind; zone: Zone | undefined; onOver: () => void }

/**
 * Zone title; entered from a shop: its logo and name, the per-shopper limit and the countdown to the activity's end
 * (to its start while 预热).
 */
export function ZoneHeader({ kind, zone, onOver }: ZoneHeaderProps) {
  return (
    <header className={`zone-header zone-header--${kind}`}>
      <span className="zone-header__tag">{kindLabels[kind].tag}</span>
      <h1 className="zone-header__title">{zoneRoutes[kind].title}</h1>
      {zone && zone.shopId > 0 && (
        <Link className="zone-header__shop" to={storeHref(zone.shopId)}>
          {zone.shopLogo && <img src={zone.shopLogo} alt="" />}
          <span>{zone.shopName}</span>
        </Link>
      )}
      {zone && zone.limitNumber > 0 && <span className="zone-header__limit">每人限购{zone.limitNumber}件</span>}
      {zone && countsDown(kind) && zone.time > 0 && (
        // key: a reload with a fresh time restarts the clock
        <ActivityCountdown key={zone.time} time={zone.time} upcoming={zone.ifEnable === 1} onOver={onOver} />
      )}
    </header>
  );
}
