import { HomeCanvas } from '../features/canvas/canvas-pages';
import { HomePage } from '../features/home/home.page';
import { SearchBox } from '../features/layout/search-box';
import { NoticeBoard } from '../features/notice/notice-board.section';

/** Home composes features that never import each other: search, the page layout, notices. */
export function HomeRoute() {
  return <HomePage notices={<NoticeBoard />} layout={<HomeCanvas />} search={<SearchBox />} />;
}
