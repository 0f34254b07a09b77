import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LoadingBar, SiteLayout, type RouteHandle } from '../features/layout/site-layout';
import { RouteErrorPage } from '../features/status-pages/route-error.page';

const home = () => import('./home.route').then((m) => ({ Component: m.HomeRoute }));
const shoppingTrolley = () =>
  import('../features/cart/shopping-trolley.page').then((m) => ({ Component: m.ShoppingTrolleyPage }));

/** The promotion zones (features/promotion-zone): one page, three kinds. */
const zoneRoute = (path: string, title: string, page: 'FlashSaleZonePage' | 'DiscountZonePage' | 'GroupBuyZonePage'): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy: () => import('../features/promotion-zone/zone.page').then((m) => ({ Component: m[page] })),
});

const userCenterChildren: RouteObject[] = [
  { index: true, element: <Navigate to="userInfo" replace /> },
  {
    path: 'userInfo',
    handle: { title: '个人信息' } satisfies RouteHandle,
    lazy: () => import('../features/user-center/user-info.page').then((m) => ({ Component: m.UserInfoPage })),
  },
  {
    path: 'message',
    handle: { title: '我的消息' } satisfies RouteHandle,
    lazy: () => import('../features/notice/my-messages.page').then((m) => ({ Component: m.MyMessagesPage })),
  },
  {
    path: 'myOrder',
    handle: { title: '我的订单' } satisfies RouteHandle,
    lazy: () => import('./my-order.route').then((m) => ({ Component: m.MyOrderRoute })),
  },
  {
    path: 'qaList',
    handle: { title: '我的问答' } satisfies RouteHandle,
    lazy: () => import('../features/user-center/qa-list.page').then((m) => ({ Component: m.QaListPage })),
  },
  {
    path: 'orderAfterSale',
    handle: { title: '退款/售后' } satisfies RouteHandle,
    lazy: () => import('../features/after-sale/after-sale-list.page').then((m) => ({ Component: m.AfterSaleListPage })),
  },
  {
    path: 'myEvaluate',
    handle: { title: '我的评价' } satisfies RouteHandle,
    lazy: () => import('../features/review/my-evaluate.page').then((m) => ({ Component: m.MyEvaluatePage })),
  },
  {
    path: 'signingAddress',
    handle: { title: '收货地址' } satisfies RouteHandle,
    lazy: () => import('./signing-address.route').then((m) => ({ Component: m.SigningAddressRoute })),
  },
  {
    path: 'couponPackage',
    handle: { title: '我的券包' } satisfies RouteHandle,
    lazy: () => import('../features/user-center/coupon-package.page').then((m) => ({ Component: m.CouponPackagePage })),
  },
  {
    path: 'changePhone',
    handle: { title: '更换手机号' } satisfies RouteHandle,
    lazy: () => import('../features/user-center/change-phone.page').then((m) => ({ Component: m.ChangePhonePage })),
  },
  {
    path: 'favorites',
    handle: { title: '我的收藏' } satisfies RouteHandle,
    lazy: () => import('../features/user-center/favorites.page').then((m) => ({ Component: m.FavoritesPage })),
  },
  {
    path: 'browseRecords',
    handle: { title: '浏览记录' } satisfies RouteHandle,
    lazy: () => import('../features/user-center/browse-records.page').then((m) => ({ Component: m.BrowseRecordsPage })),
  },
];

/** Spec §2 route table: everything sits under the shared layout except /login. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    handle: { title: '登录' } satisfies RouteHandle,
    lazy: () => import('../features/login/login.page').then((m) => ({ Component: m.LoginPage })),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingBar />,
  },
  {
    path: '/',
    element: <SiteLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's lazy code arrives.
    hydrateFallbackElement: <LoadingBar />,
    children: [
      { index: true, handle: { title: '首页' } satisfies RouteHandle, lazy: home },
      { path: 'index', handle: { title: '首页' } satisfies RouteHandle, lazy: home },
      {
        path: 'notificationDetails',
        handle: { title: '公告详情' } satisfies RouteHandle,
        lazy: () => import('../features/notice/notice-detail.page').then((m) => ({ Component: m.NoticeDetailPage })),
      },
      {
        path: 'custom',
        handle: { title: '专题页' } satisfies RouteHandle,
        lazy: () => import('../features/canvas/canvas-pages').then((m) => ({ Component: m.CustomCanvasPage })),
      },
      {
        path: 'search',
        handle: { title: '搜索结果' } satisfies RouteHandle,
        lazy: () => import('../features/search/search.page').then((m) => ({ Component: m.SearchPage })),
      },
      {
        path: 'store',
        handle: { title: '店铺' } satisfies RouteHandle,
        lazy: () => import('./store.route').then((m) => ({ Component: m.StoreRoute })),
      },
      {
        id: 'category',
        path: 'category',
        handle: { title: '商品分类' } satisfies RouteHandle,
        lazy: () => import('../features/category/category.page').then((m) => ({ Component: m.CategoryPage })),
      },
      {
        path: 'categoryProduct/:id',
        handle: { title: '分类商品' } satisfies RouteHandle,
        lazy: () => import('../features/category/category.page').then((m) => ({ Component: m.CategoryProductPage })),
      },
      {
        path: 'productDetail',
        handle: { title: '商品详情' } satisfies RouteHandle,
        lazy: () => import('../features/product/product-detail.page').then((m) => ({ Component: m.ProductDetailPage })),
      },
      { path: 'shopping-trolley', handle: { title: '购物车' } satisfies RouteHandle, lazy: shoppingTrolley },
      { path: 'shoppingTrolley', handle: { title: '购物车' } satisfies RouteHandle, lazy: shoppingTrolley },
      {
        path: 'placeOrder',
        handle: { title: '收银台' } satisfies RouteHandle,
        lazy: () => import('./place-order.route').then((m) => ({ Component: m.PlaceOrderRoute })),
      },
      {
        path: 'orderDetail',
        handle: { title: '订单详情' } satisfies RouteHandle,
        lazy: () => import('./order-detail.route').then((m) => ({ Component: m.OrderDetailRoute })),
      },
      {
        path: 'afterSale',
        handle: { title: '售后' } satisfies RouteHandle,
        lazy: () => import('../features/after-sale/after-sale.page').then((m) => ({ Component: m.AfterSalePage })),
      },
      {
        path: 'evaluate',
        handle: { title: '评价' } satisfies RouteHandle,
        lazy: () => import('../features/review/evaluate.page').then((m) => ({ Component: m.EvaluatePage })),
      },
      {
        path: 'evaluateDetail',
        handle: { title: '评价详情' } satisfies RouteHandle,
        lazy: () => import('../features/review/evaluate-detail.page').then((m) => ({ Component: m.EvaluateDetailPage })),
      },
      {
        path: 'addEvaluate',
        handle: { title: '追加评价' } satisfies RouteHandle,
        lazy: () => import('../features/review/add-evaluate.page').then((m) => ({ Component: m.AddEvaluatePage })),
      },
      {
        path: 'couponProList',
        handle: { title: '优惠券商品' } satisfies RouteHandle,
        lazy: () => import('../features/coupon-products/coupon-products.page').then((m) => ({ Component: m.CouponProductsPage })),
      },
      {
        path: 'groupInvite',
        handle: { title: '邀请好友参团' } satisfies RouteHandle,
        lazy: () => import('../features/group-buy/group-invite.page').then((m) => ({ Component: m.GroupInvitePage })),
      },
      zoneRoute('rabatt', '限时秒杀', 'FlashSaleZonePage'),
      zoneRoute('spitze', '限时折扣', 'DiscountZonePage'),
      zoneRoute('groupBuy', '拼团', 'GroupBuyZonePage'),
      {
        path: 'userCenter',
        handle: { title: '个人中心' } satisfies RouteHandle,
        lazy: () => import('../features/user-center/user-center.gate').then((m) => ({ Component: m.UserCenterGate })),
        children: userCenterChildren,
      },
      {
        path: '*',
        handle: { title: '页面不存在' } satisfies RouteHandle,
        lazy: () => import('../features/status-pages/not-found.page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
