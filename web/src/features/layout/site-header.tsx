import { BrandLogo } from './brand-logo';
import { SearchBox } from './search-box';

/** Spec §2 header: logo and search (the layout leaves it out on the home page). */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="page-width site-header__inner">
        <BrandLogo />
        <SearchBox />
      </div>
    </header>
  );
}
