import type { RegionNode } from '../../../../../domain/address/region';
import { api } from '../../../lib/api-client';

let tree: Promise<RegionNode[]> | null = null;

/** GET /region/tree: the 省-市-区 tree, fetched once per page load (the server and the browser cache it too). */
export function getRegionTree(): Promise<RegionNode[]> {
  if (!tree) {
    tree = api.get<RegionNode[]>('/region/tree');
    tree.catch(() => { tree = null; });
  }
  return tree;
}
