import { dashboardPath, NEXT_PARAM, safeNextPath } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { PRODUCT_NAME, SIGN_IN_URL, signInPathFor } from '../../lib/config';
import { hardNavigate } from '../../lib/navigation';
import { getAuthToken, getStoredRole } from '../../lib/storage';

/**
 * Sign-in is delegated to the identity pages, with the page asked for (?next=) to open afterwards; a stored session
 * goes straight there, or to its dashboard. A bare page
 * (routes.ts): plain elements in the theme's look (app/plainStyles), so the first page a visitor meets loads no MUI.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = params.get(NEXT_PARAM);
  const role = getStoredRole();
  if (getAuthToken() && role) return <Navigate to={safeNextPath(next) ?? dashboardPath(role)} replace />;

  return (
    <main className="plain-screen">
      <div className="plain-card">
        <h1 className="plain-title">
          <ProductLogo />
        </h1>
        <button type="button" className="plain-button" onClick={() => hardNavigate(signInPathFor(next, SIGN_IN_URL))}>
          {t('login.button', { product: PRODUCT_NAME })}
        </button>
      </div>
    </main>
  );
}
