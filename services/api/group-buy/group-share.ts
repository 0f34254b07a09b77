/**
 * The group share call (spec §7 "Share: GET collageId, orderId, productId, skuId, type=0; response qrcode"; origin
 * `GET /work/getShare` → ShareQrcode): the invite page's link and its QR, drawn here as an SVG data URL (the origin
 * answered a PNG on OSS) so the QR dialog needs no second request. Only a member of the group shares it.
 */
import { DomainError } from '../../../domain/shared/errors';
import { qrSvg } from '../../payments/qr-code';
import type { GroupInvite, GroupShare } from '../../../domain/group-buy/group-invite.contract';

/** The storefront route a friend opens (web/src/features/group-buy). */
export const invitePath = (collageId: number): string => `/groupInvite?collageId=${collageId}`;


export async function groupShare(invite: GroupInvite, origin: string): Promise<GroupShare> {
  if (invite.orderId === 0) throw new DomainError('collageNotFound');
  const url = `${origin.replace(/\/+$/, '')}${invitePath(invite.collageId)}`;
  const svg = await qrSvg(url);
  return {
    collageId: invite.collageId,
    url,
    qrcode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    headImage: invite.headImage,
    image: invite.image,
  };
}
