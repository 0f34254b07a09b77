/**
 * Site-wide constants shown in the shell. One place, so a deployment changes them without touching
 * components (the settlement URL can also come from the build environment).
 */
export const siteConfig = {
  name: '集市',
  /** Spec §1: the merchant entry link opens this external page in a new tab. */
  merchantSettlementUrl: import.meta.env?.VITE_MERCHANT_SETTLEMENT_URL ?? 'https://merchant.jishi.example/settle',
  serviceHotline: '400-820-6688',
  serviceHours: '09:00-23:00',
  serviceWechatQr: '/qr-service-wechat.svg',
  businessWechatQr: '/qr-business.svg',
  icpFiling: '沪ICP备2026000000号-1',
  icpFilingUrl: 'https://beian.miit.gov.cn/',
} as const;
