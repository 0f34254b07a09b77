/**
 * The after-sale reasons (GET /after/getReasonSelect → `[{dictId, dictName}]`, the origin's dict children of
 * "退款原因"). The application records the chosen `dictName` as `returnReason`. Ids are stable: only append.
 */
export interface AfterSaleReason { dictId: number; dictName: string }

export const afterSaleReasons: readonly AfterSaleReason[] = [
  { dictId: 1, dictName: '多拍/拍错/不想要' },
  { dictId: 2, dictName: '商品质量问题' },
  { dictId: 3, dictName: '商品与描述不符' },
  { dictId: 4, dictName: '收到商品破损或少件' },
  { dictId: 5, dictName: '未按约定时间发货' },
  { dictId: 6, dictName: '卖家发错货' },
  { dictId: 7, dictName: '其他' },
];
