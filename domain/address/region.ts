/**
 * 省-市-区 regions (spec §3 Address: receiveAdress is province-city-district joined by '-'). The tree itself comes from
 * a maintained administrative-division package (services/api/address/region-tree.ts); these functions only read it.
 */
export interface RegionNode {
  /** GB/T 2260 code (province 2 digits, city 4, district 6). */
  code: string;
  name: string;
  children?: RegionNode[];
}

export const REGION_SEPARATOR = '-';

export const joinRegion = (names: readonly string[]): string => names.join(REGION_SEPARATOR);

/** The nodes a receiveAdress names, province to district; null unless it is a complete path of the tree. */
export function regionPath(tree: readonly RegionNode[], receiveAdress: string): RegionNode[] | null {
  const names = receiveAdress.split(REGION_SEPARATOR).map((name) => name.trim());
  if (names.length !== 3) return null;
  const path: RegionNode[] = [];
  let level: readonly RegionNode[] = tree;
  for (const name of names) {
    const node = level.find((candidate) => candidate.name === name);
    if (!node) return null;
    path.push(node);
    level = node.children ?? [];
  }
  return path;
}

export const isRegion = (tree: readonly RegionNode[], receiveAdress: string): boolean => regionPath(tree, receiveAdress) !== null;
