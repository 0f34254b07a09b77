import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import { useState } from 'react';
import type { ProductDetail } from '../../../../domain/catalog/detail.contract';
import { CountdownClock } from '../../lib/countdown/countdown-clock';

type CollageOrder = ProductDetail['collageOrders'][number];

/** One forming group: its countdown locks it (已结束) when time runs out (spec §4). */
function GroupRow({ group, onJoin }: { group: CollageOrder; onJoin: (collageId: number) => void }) {
  const [ended, setEnded] = useState(group.time < 1000);
  return (
    <li className="group-list__item" data-ended={ended} data-testid="collage-order">
      <Avatar src={group.headImage || undefined} size={40}>
        {group.name.slice(0, 1)}
      </Avatar>
      <span className="group-list__name">{group.name}</span>
      <span className="group-list__need">
        还差<b>{group.person}</b>人成团
      </span>
      <CountdownClock className="group-list__clock" time={group.time} label="剩余" overText="已结束" onEnd={() => setEnded(true)} />
      <Button type="primary" size="small" shape="round" disabled={ended} onClick={() => onJoin(group.collageId)}>
        {ended ? '已结束' : '去拼单'}
      </Button>
    </li>
  );
}

/** Spec §2 group list: the product's forming groups a shopper may join. */
export function GroupList({ groups, onJoin }: { groups: CollageOrder[]; onJoin: (collageId: number) => void }) {
  if (groups.length === 0) return null;
  return (
    <section className="group-list" aria-labelledby="group-list-title">
      <h2 id="group-list-title" className="product-section-title">
        以下小伙伴正在发起拼团，可直接参与
      </h2>
      <ul className="group-list__items">
        {groups.map((group) => (
          <GroupRow key={group.collageId} group={group} onJoin={onJoin} />
        ))}
      </ul>
    </section>
  );
}
