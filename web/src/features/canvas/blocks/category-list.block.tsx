import { Link } from 'react-router-dom';
import { categoryHref } from '../../../lib/catalog-ui/links';
import { list, num, text, type Content } from '../canvas.model';
import { BlockTitle } from './block-title';

interface CategoryEntry {
  id: number;
  name: string;
  image: string;
}

/** Each entry of `categoryData` names one or more categories (`selClassData`); a category without its own picture takes the entry's. */
function entries(content: Content): CategoryEntry[] {
  return list(content.categoryData).flatMap((entry) =>
    list(entry.selClassData).flatMap((category) => {
      const id = num(category.id, 0) || num(category.classifyId, 0);
      const name = text(category.categoryName) || text(category.classifyName);
      if (id <= 0 || !name) return [];
      return [{ id, name, image: text(category.classifyImage) || text(entry.img) }];
    }),
  );
}

/** categoryList: the home page's category menu; each tile opens that category's page. */
export function CategoryListBlock({ content }: { content: Content }) {
  const categories = entries(content);
  if (categories.length === 0) return null;
  return (
    <div className="page-width">
      <BlockTitle title={text(content.title)} align={text(content.textAlign)} />
      <nav className="canvas-categories" aria-label={text(content.title) || '商品分类'}>
        {categories.map((category) => (
          <Link
            key={category.id}
            to={categoryHref({ id: category.id, categoryName: category.name, classifyImage: category.image })}
            className="canvas-categories__item"
          >
            {category.image && <img src={category.image} alt="" loading="lazy" decoding="async" />}
            <span>{category.name}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
