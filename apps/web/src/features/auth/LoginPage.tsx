import { dashboardPath } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { PRODUCT_NAME, SIGN_IN_URL } from '../../lib/config';
import { hardNavigate } from '../../lib/navigation';
import { getAuthToken, getStoredRole } from '../../lib/storage';

/**
 * Sign-in is delegated to the identity pages; a stored session goes straight to its dashboard. A bare page
 * (routes.ts): plain elements in the theme's look (app/plainStyles), so the first page a visitor meets loads no MUI.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const role = getStoredRole();
  if (getAuthToken() && role) return <Navigate to={dashboardPath(role)} replace />;

  return (
    <main className="plain-screen">
      <div className="plain-card">
        <h1 className="plain-title">
          <ProductLogo />
        </h1>
        <button type="button" className="plain-button" onClick={() => hardNavigate(SIGN_IN_URL)}>
          {t('login.button', { product: PRODUCT_NAME })}
        </button>
      </div>
    </main>
  );
}
