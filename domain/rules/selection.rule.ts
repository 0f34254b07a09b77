import { z } from 'zod';

/** Batch actions need a selection (spec §5); each screen words it its own way. */
const selection = (message: string) =>
  z.object({ ids: z.array(z.number().int().positive(), { error: message }).min(1, message) });

export const DeleteQuestions = selection('请先选择需要删除的提问');
export const DeleteAnswers = selection('请先选择需要删除的回答');
export const CancelFavourites = selection('请先选择需要取消的收藏');
export const DeleteFootprints = selection('请先选中需要删除的记录');
