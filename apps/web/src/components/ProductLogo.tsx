import { PRODUCT_NAME } from '../lib/config';

/** The product mark and name; the name is the accessible text. Plain markup (app/plainStyles), shown on /login without MUI. */
export function ProductLogo() {
  return (
    <span className="plain-logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="currentColor" opacity="0.2" />
        <path d="M7 10l9 14 9-14h-4l-5 8-5-8z" fill="currentColor" />
      </svg>
      {PRODUCT_NAME}
    </span>
  );
}
