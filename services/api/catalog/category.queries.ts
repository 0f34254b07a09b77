/** The category tree (three levels, sorted by `sort`) in the two shapes the storefront reads (origin-contract §3). */
import type { CanvasCategory, FirstClassify, ProductCard } from '../../../domain/catalog/browse.contract';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';
import { Filter, inCategory, listCards, listingOrder, type Paging } from './product-cards.queries';

interface CategoryRow { category_id: string; parent_id: string; level: number; name: string; image: string }

async function categoryRows(db: Queryable): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(
    'select category_id, parent_id, level, name, image from categories order by level, sort, category_id');
  return rows;
}

/** Nodes by id, children attached in order; roots = level-1 categories (orphans of unknown parents are left out). */
function buildTree<T extends { childs: T[] }>(rows: CategoryRow[], toNode: (r: CategoryRow) => T) {
  const nodes = new Map(rows.map((r) => [Number(r.category_id), toNode(r)] as const));
  const roots: T[] = [];
  for (const r of rows) {
    const node = nodes.get(Number(r.category_id));
    if (!node) continue;
    if (r.level === 1) roots.push(node);
    else nodes.get(Number(r.parent_id))?.childs.push(node);
  }
  return { nodes, roots };
}

const toFirstClassify = (r: CategoryRow): FirstClassify => ({
  classifyId: Number(r.category_id),
  classifyPid: Number(r.parent_id),
  classifyName: r.name,
  classifyImage: r.image,
  classifyLevel: r.level,
  childs: [],
});

const toCanvasCategory = (r: CategoryRow): CanvasCategory => ({
  id: Number(r.category_id),
  parentId: Number(r.parent_id),
  depth: r.level,
  categoryName: r.name,
  classifyImage: r.image,
  childs: [],
});

/** Level-1 categories with their subtrees; with `classifyId`, that one category (any level) with its subtree. */
export async function firstClassifies(db: Queryable, classifyId?: number): Promise<FirstClassify[]> {
  const { nodes, roots } = buildTree(await categoryRows(db), toFirstClassify);
  if (classifyId === undefined) return roots;
  const node = nodes.get(classifyId);
  if (!node) throw new DomainError('categoryNotFound');
  return [node];
}

export async function canvasCategories(db: Queryable): Promise<CanvasCategory[]> {
  return buildTree(await categoryRows(db), toCanvasCategory).roots;
}

export async function assertCategory(db: Queryable, classifyId: number): Promise<void> {
  const { rows } = await db.query('select 1 from categories where category_id = $1', [classifyId]);
  if (rows.length === 0) throw new DomainError('categoryNotFound');
}

export async function categoryProducts(
  db: Queryable, q: Paging & { classifyId: number; type?: 1 | 2; volume?: 1 | 2 },
): Promise<Page<ProductCard>> {
  await assertCategory(db, q.classifyId);
  return listCards(db, inCategory(new Filter(), q.classifyId), listingOrder(q), q);
}
