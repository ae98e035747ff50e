import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './locales/de';
import { en, type Translation } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation };
  }
}

const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'lang';

function detectLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  const chosen = LANGUAGES.find((language) => language === stored);
  if (chosen) return chosen;
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** Switches the interface language and remembers the choice. */
export function changeLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  void i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export { i18n };
