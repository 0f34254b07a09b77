import { Link, useParams, useSearchParams } from 'react-router-dom';
import { categoryProductHref, parseCategoryRef, parseId } from '../../lib/catalog-ui/links';
import { ListingEmpty } from '../../lib/catalog-ui/listing-states';
import { useRequest } from '../../lib/use-request';
import { getCategoryTree } from './api/get-category-tree';
import { CategoryBanner } from './category-banner';
import { CategoryListing, EMPTY_CATEGORY } from './category-listing';
import './category.css';

function Crumbs({ name }: { name: string }) {
  return (
    <nav className="page-crumbs" aria-label="当前位置">
      <Link to="/">首页</Link> <span aria-hidden>/</span> <span aria-current="page">{name || '分类商品'}</span>
    </nav>
  );
}

/** Sub-categories of the category, as links to their own product pages. */
function SubCategories({ classifyId }: { classifyId: number }) {
  const { data } = useRequest((signal) => getCategoryTree(classifyId, signal), [classifyId]);
  const children = data?.[0]?.childs ?? [];
  if (children.length === 0) return null;
  return (
    <nav className="category-banner__children" aria-label="子分类">
      {children.map((child) => (
        <Link key={child.classifyId} to={categoryProductHref(child.classifyId, child.classifyName)}>
          {child.classifyName}
        </Link>
      ))}
    </nav>
  );
}

/** `/category?classifyData=JSON` (named route category): banner, sort, grid, pages. */
export function CategoryPage() {
  const [params] = useSearchParams();
  const category = parseCategoryRef(params.get('classifyData'));
  if (!category) {
    return (
      <div className="page-width category-page">
        <Crumbs name="" />
        <ListingEmpty text={EMPTY_CATEGORY} />
      </div>
    );
  }
  return (
    <div className="page-width category-page">
      <Crumbs name={category.categoryName} />
      <CategoryBanner name={category.categoryName} image={category.classifyImage}>
        <SubCategories classifyId={category.id} />
      </CategoryBanner>
      <CategoryListing key={category.id} classifyId={category.id} />
    </div>
  );
}

/** `/categoryProduct/:id?name=`: the same listing for a category named by id. */
export function CategoryProductPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const classifyId = parseId(id);
  const name = params.get('name') ?? '';
  return (
    <div className="page-width category-page">
      <Crumbs name={name} />
      <CategoryBanner name={name}>{classifyId && <SubCategories classifyId={classifyId} />}</CategoryBanner>
      {classifyId ? <CategoryListing key={classifyId} classifyId={classifyId} /> : <ListingEmpty text={EMPTY_CATEGORY} />}
    </div>
  );
}
