/** Spec §2 user centre children, in the menu's order, with their Chinese names. */
export const userCenterMenu = [
  { path: 'userInfo', label: '个人信息' },
  { path: 'message', label: '我的消息' },
  { path: 'myOrder', label: '我的订单' },
  { path: 'qaList', label: '我的问答' },
  { path: 'orderAfterSale', label: '退款/售后' },
  { path: 'myEvaluate', label: '我的评价' },
  { path: 'signingAddress', label: '收货地址' },
  { path: 'couponPackage', label: '我的券包' },
  { path: 'changePhone', label: '更换手机号' },
  { path: 'favorites', label: '我的收藏' },
  { path: 'browseRecords', label: '浏览记录' },
] as const;

export type UserCenterPath = (typeof userCenterMenu)[number]['path'];
