import { z } from 'zod';

/** A batch is a page's selection: bounded, so one request never carries an unbounded command (issue 13). */
export const MAX_SELECTED_IDS = 200;

/** Batch actions need a selection (spec §5); each screen words it its own way. */
const selection = (message: string) =>
  z.object({
    ids: z.array(z.number().int().positive(), { error: message }).min(1, message)
      .max(MAX_SELECTED_IDS, `参数 ids 无效：一次最多选择${MAX_SELECTED_IDS}项`),
  });

export const DeleteQuestions = selection('请先选择需要删除的提问');
export const DeleteAnswers = selection('请先选择需要删除的回答');
export const CancelFavourites = selection('请先选择需要取消的收藏');
export const DeleteFootprints = selection('请先选中需要删除的记录');
