/**
 * 邀请好友拼单 (spec §2 Order detail invite-friends QR; origin-contract §8 `/work/getInvite`): a group as its members and
 * invited friends see it — the leader, the product at its group price, the size, the members who paid (the leader
 * first), the time left — read from the collage stream (as order detail does), plus what the invite page needs to
 * join through the group-buy checkout (shopId, productId, skuId, shopGroupWorkId) and whether this shopper may.
 */
import { collageDecider } from '../../../domain/group-buy/collage.decider';
import type { CollageEvent } from '../../../domain/group-buy/collage.events';
import { hasRoom } from '../../../domain/group-buy/collage.machine';
import { collageView } from '../../../domain/group-buy/collage.view';
import { fold } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import type { GroupInvite } from '../../../domain/group-buy/group-invite.contract';

export type { GroupInvite } from '../../../domain/group-buy/group-invite.contract';


interface ProductRow { product_name: string; image: string; original_price: string; price: string; group_price: string | null }

export async function loadCollage(store: EventStore, collageId: number) {
  const events = await store.readStream(`collage-${collageId}`);
  if (events.length === 0) return null;
  return fold(collageDecider, events.map((e) => ({ type: e.type, data: e.data }) as CollageEvent));
}

/**
 * The group `collageId` for `userId`. With `orderId` the caller names their own order in it (the origin's
 * parameter): an order that is not theirs in this group answers as missing, like a group that does not exist.
 */
export async function groupInvite(
  deps: { store: EventStore; db: Queryable }, userId: number, collageId: number, orderId: number | null, now: Date,
): Promise<GroupInvite> {
  const snapshot = await loadCollage(deps.store, collageId);
  const view = snapshot ? collageView(snapshot, now) : null;
  const collage = snapshot?.context.collage;
  if (!snapshot || !view || !collage) throw new DomainError('collageNotFound');
  const own = snapshot.context.members.find((m) => m.userId === userId);
  if (orderId !== null && own?.orderId !== orderId) throw new DomainError('collageNotFound');
  const { rows: [product] } = await deps.db.query<ProductRow>(
    `select p.product_name, coalesce(nullif(s.image, ''), p.image) as image, s.original_price, s.price, i.price as group_price
       from skus s join products p on p.product_id = s.product_id
       left join promotion_items i on i.kind = 'group-work' and i.activity_id = $2 and i.sku_id = s.sku_id
      where s.sku_id = $1`, [collage.skuId, collage.shopGroupWorkId]);
  const leader = snapshot.context.members[0];
  return {
    collageId,
    headImage: leader?.headImage ?? '',
    productName: product?.product_name ?? '',
    image: product?.image ?? '',
    originalPrice: Number(product?.original_price ?? 0) / 100,
    price: Number(product?.group_price ?? product?.price ?? 0) / 100,
    person: view.person,
    people: view.people,
    state: view.state,
    personList: view.personList,
    time: view.time,
    shopId: collage.shopId,
    productId: collage.productId,
    skuId: collage.skuId,
    shopGroupWorkId: collage.shopGroupWorkId,
    orderId: own?.orderId ?? 0,
    canJoin: view.state === 0 && view.time > 0 && hasRoom(snapshot.context) && !own,
  };
}
