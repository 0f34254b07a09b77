/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the external merchant settlement (申请入驻) page. */
  readonly VITE_MERCHANT_SETTLEMENT_URL?: string;
}
