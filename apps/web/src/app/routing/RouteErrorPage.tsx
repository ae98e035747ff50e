import { useTranslation } from 'react-i18next';

/**
 * Shown when a page fails to render or its code fails to load (e.g. after a deploy). Plain elements styled by
 * app/plainStyles: it must show even when MUI's own code is what failed to load.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="plain-error">
      <h1 className="plain-heading">{t('errors.generic')}</h1>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
