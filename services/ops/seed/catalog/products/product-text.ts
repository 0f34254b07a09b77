/** The seller's detail HTML of a demo product: a lead paragraph, pictures, a spec table and shopping notes. */
import type { FlatCategory } from '../categories.data';
import type { ProductSeed } from './product-seed';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What a shopper of each top-level category wants to know before buying. */
const notes: Record<number, string> = {
  1: '正品行货，全国联保。收到商品后请当面检查外包装，激活后非质量问题不支持7天无理由退换。',
  2: '尺码按标准码制作，拿不准时建议参考详情页尺码表或咨询客服。支持7天无理由退换，吊牌请勿剪下。',
  3: '鞋码偏标准，脚背较高或偏宽建议选大一码。支持30天试穿，保持鞋底干净即可退换。',
  4: '食品类商品一经签收，非质量问题不支持退换。收到后请放置阴凉干燥处，开封后尽快食用。',
  5: '生鲜产品产地直发，签收后48小时内如有坏果请拍照联系客服，核实后按坏果比例赔付。',
  6: '大件商品送货上门，部分地区需另付安装费。收货时请开箱验货，确认无损后再签收。',
  7: '运动器材请在专业指导下使用，运动前充分热身。器械类商品注意防潮保存。',
  8: '化妆品类商品开封后不支持无理由退换。初次使用建议先在耳后做皮肤测试。',
  9: '母婴用品首次使用前请按说明清洗消毒。请将小零件放在儿童接触不到的地方。',
};

export interface ProductTextInput {
  seed: ProductSeed;
  category: FlatCategory;
  path: string[];
  images: string[];
  origin: string;
}

export function productText({ seed, category, path, images, origin }: ProductTextInput): string {
  const rows: [string, string][] = [
    ['商品名称', seed.name],
    ['商品分类', path.join(' > ')],
    ...seed.specs.map((s): [string, string] => [s.name, s.values.join(' / ')]),
    ...seed.params,
    ['商品毛重', seed.grams >= 1000 ? `${(seed.grams / 1000).toFixed(seed.grams % 1000 === 0 ? 0 : 1)}kg` : `${seed.grams}g`],
    ['发货地', origin],
  ];
  const table = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const picture = (src: string | undefined) =>
    src ? `<p><img src="${escapeHtml(src)}" alt="${escapeHtml(seed.label)}" style="width:100%;max-width:750px"></p>` : '';
  return [
    `<p>${escapeHtml(seed.brief)}</p>`,
    picture(images[0]),
    '<h3>商品参数</h3>',
    `<table class="spec-table"><tbody>${table}</tbody></table>`,
    picture(images[1]),
    '<h3>购物须知</h3>',
    `<p>${escapeHtml(notes[category.topId] ?? '')}</p>`,
    picture(images[2]),
  ].join('');
}
