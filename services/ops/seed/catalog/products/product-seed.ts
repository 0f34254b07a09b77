/**
 * A demo product as written in the data files: the facts a merchant would type. The builder derives SKUs (every
 * combination of spec values), prices, stock, pictures and the detail HTML from it, deterministically.
 */
import type { Art, TintName } from '../../../../api/images/image-url';

export interface SpecSeed {
  name: string;
  values: string[];
  /** Yuan added to the price per value. */
  add?: number[];
  /** Factor on price and weight per value (bigger packs). */
  mul?: number[];
}

export interface ProductSeed {
  id: number;
  shop: number;
  /** Level-3 category. */
  cat: number;
  name: string;
  /** Short name drawn on the pictures (≤ 8 characters reads best). */
  label: string;
  brief: string;
  /** Price of the first SKU, yuan. */
  price: number;
  grams: number;
  specs: SpecSeed[];
  /** Extra rows of the spec table. */
  params: [string, string][];
  /** Drawing; the category's when omitted. */
  art?: Art;
  /** Item colour when no colour spec names one. */
  tint?: TintName;
  /** Shipping charge type (1 按件, 2 按重量, 3 全国包邮); the family's when omitted. */
  ship?: 1 | 2 | 3;
  unshelved?: boolean;
  /** Every SKU out of stock. */
  soldOut?: boolean;
}

export const color = (...values: string[]): SpecSeed => ({ name: '颜色', values });
export const shade = (...values: string[]): SpecSeed => ({ name: '色号', values });
export const sizes = (...values: string[]): SpecSeed => ({ name: '尺码', values });
export const spec = (name: string, values: string[], price?: { add?: number[]; mul?: number[] }): SpecSeed =>
  ({ name, values, ...price });

export const clothing = sizes('S', 'M', 'L', 'XL');
export const menswear = sizes('M', 'L', 'XL', 'XXL');
export const shoeSizes = sizes('38', '39', '40', '41', '42', '43');
export const womenShoeSizes = sizes('35', '36', '37', '38', '39');

/** Spec names whose values are colours: their SKUs get pictures in that colour. */
export const COLOUR_SPECS = ['颜色', '色号'];

const colourWords: [RegExp, TintName][] = [
  [/奶茶|焦糖|咖啡|奶咖|棕|驼/, 'brown'],
  [/酒红|勃艮第|枣红/, 'wine'],
  [/藏青|海军|深空蓝|深蓝/, 'navy'],
  [/天蓝|浅蓝|雾蓝|冰川蓝|远峰蓝|星空蓝|雾霾蓝/, 'sky'],
  [/薄荷|浅绿|青/, 'mint'],
  [/墨绿|云杉绿|军绿|绿/, 'green'],
  [/西柚|橙|橘/, 'orange'],
  [/粉|豆沙|蜜桃|樱花/, 'pink'],
  [/红/, 'red'],
  [/紫/, 'purple'],
  [/黄/, 'yellow'],
  [/香槟|钛金|金/, 'gold'],
  [/银|雾银/, 'silver'],
  [/黑|曜石|暗影|幻夜|深空灰/, 'black'],
  [/灰/, 'grey'],
  [/燕麦|卡其|米|杏|奶油/, 'beige'],
  [/白|奶白|陶瓷/, 'white'],
  [/蓝/, 'blue'],
  [/原木|木/, 'natural'],
];

/** The drawing colour of a colour value ('冰川蓝' → sky), or undefined when no word matches. */
export function tintOfColour(value: string): TintName | undefined {
  return colourWords.find(([pattern]) => pattern.test(value))?.[1];
}
