import type { CommentPage } from '../../../../../domain/catalog/engagement.contract';
import { api } from '../../../lib/api-client';

/** Spec §9: product comments 5 per page. */
export const COMMENT_PAGE_SIZE = 5;

/** Spec §7 comments: productId, word (empty = all), page, pageSize 5. */
export const getComments = (q: { productId: number; word: string; page: number }, signal?: AbortSignal): Promise<CommentPage> =>
  api.get<CommentPage>('/comment/getProductAll', { productId: q.productId, word: q.word, page: q.page, pageSize: COMMENT_PAGE_SIZE }, signal);
