import { useTranslation } from 'react-i18next';
import { PARTNER_KEYWORD } from '../../lib/config';

/** Shown only when the page address contains the configured partner keyword. */
export function PartnerLogo() {
  const { t } = useTranslation();
  if (!PARTNER_KEYWORD || !window.location.href.includes(PARTNER_KEYWORD)) return null;
  return (
    <svg role="img" aria-label={t('layout.partner')} width="32" height="32" viewBox="0 0 32 32">
      <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="16" cy="16" r="5" fill="currentColor" />
    </svg>
  );
}
