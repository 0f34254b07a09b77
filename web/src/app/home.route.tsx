import { HomePage } from '../features/home/home.page';
import { NoticeBoard } from '../features/notice/notice-board.section';

/** Home composes features that never import each other. */
export function HomeRoute() {
  return <HomePage notices={<NoticeBoard />} />;
}
