import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestResultLabel } from '../features/messages/locales/en';

/**
 * A test result as patients and managers see it (Positive, Negative, Inconclusive), in the interface's
 * language: in English the value itself, else the `messages` namespace's `result` label. That namespace
 * loads only then, so an English results page loads nothing more; it never suspends (the value shows
 * until its label arrives).
 */
export function useResultLabel(): (result: TestResultLabel | null) => string {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  const { t, ready } = useTranslation(english ? 'common' : 'messages', { useSuspense: false });
  return useCallback(
    (result) => (result === null ? '' : english || !ready ? result : (t as unknown as TFunction<'messages'>)(`result.${result}`)),
    [english, ready, t],
  );
}
