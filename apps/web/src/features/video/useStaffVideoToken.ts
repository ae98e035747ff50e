import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchVideoToken, tokenRefusal } from './api';

/**
 * The staff side's token request for an appointment's call (the practitioner's seat, or a shift manager
 * listening in): a refusal becomes the page's final word (`tokenRefusal`), with "not yours" in this language.
 */
export function useStaffVideoToken(appointmentId: string): () => Promise<string> {
  const { t } = useTranslation('video');
  const notYours = t('refused.notYours');
  return useCallback(async () => {
    try {
      return await fetchVideoToken(appointmentId, 'nurse', null);
    } catch (error) {
      throw tokenRefusal(error, notYours);
    }
  }, [appointmentId, notYours]);
}
