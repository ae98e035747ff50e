/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the logo and the login button (default "Vireo"). */
  readonly VITE_PRODUCT_NAME?: string;
  /** The partner logo shows when the page address contains this keyword (empty: never). */
  readonly VITE_PARTNER_KEYWORD?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
