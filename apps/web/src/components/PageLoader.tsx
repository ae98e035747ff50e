import { useTranslation } from 'react-i18next';

/** A page's code or data on its way: the theme's spinner in plain CSS (app/plainStyles), so it shows before MUI has loaded. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="plain-loader">
      <div className="plain-spinner" role="progressbar" aria-label={t('layout.loading')} />
    </div>
  );
}
