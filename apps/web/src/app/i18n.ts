import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AppointmentLandingTranslation } from '../features/appointment-landing/locales/en';
import type { CallPanelTranslation } from '../features/call-panel/locales/en';
import type { BookingTranslation } from '../features/booking/locales/en';
import type { ChatTranslation } from '../features/chat/locales/en';
import type { CatalogueTranslation } from '../features/catalogue/locales/en';
import type { DiscountsTranslation } from '../features/discounts/locales/en';
import type { LogisticsTranslation } from '../features/logistics/locales/en';
import type { ManagerTranslation } from '../features/manager/locales/en';
import type { OrderBookingTranslation } from '../features/order-booking/locales/en';
import type { OrdersTranslation } from '../features/orders/locales/en';
import type { MessagesTranslation } from '../features/messages/locales/en';
import type { PatientTranslation } from '../features/patient/locales/en';
import type { PagesTranslation } from '../features/pages/locales/en';
import type { PermissionsTranslation } from '../features/permissions/locales/en';
import type { PractitionerTranslation } from '../features/practitioner/locales/en';
import type { ReferenceDataTranslation } from '../features/reference-data/locales/en';
import type { ProcessorTranslation } from '../features/processor/locales/en';
import type { ShopTranslation } from '../features/shop/locales/en';
import type { ShiftManagerTranslation } from '../features/shift-manager/locales/en';
import type { SuperAdminTranslation } from '../features/super-admin/locales/en';
import type { VerifyTranslation } from '../features/verify/locales/en';
import type { VideoTranslation } from '../features/video/locales/en';
import type { VoiceTranslation } from '../features/voice/locales/en';
import { en, type Translation } from './locales/en';

/**
 * One text system: the shell's texts are the `common` namespace, in the first chunk in English and in a
 * chunk of its own in another language (loaded when that language is chosen or detected); each feature's
 * texts are the namespace named after its folder (`features/<namespace>/locales/<language>.ts`, default
 * export), loaded with the feature's pages the first time one of them asks for it in a language.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: Translation;
      'appointment-landing': AppointmentLandingTranslation;
      booking: BookingTranslation;
      chat: ChatTranslation;
      'call-panel': CallPanelTranslation;
      catalogue: CatalogueTranslation;
      discounts: DiscountsTranslation;
      logistics: LogisticsTranslation;
      manager: ManagerTranslation;
      messages: MessagesTranslation;
      'order-booking': OrderBookingTranslation;
      orders: OrdersTranslation;
      patient: PatientTranslation;
      pages: PagesTranslation;
      permissions: PermissionsTranslation;
      practitioner: PractitionerTranslation;
      'reference-data': ReferenceDataTranslation;
      processor: ProcessorTranslation;
      'shift-manager': ShiftManagerTranslation;
      shop: ShopTranslation;
      'super-admin': SuperAdminTranslation;
      verify: VerifyTranslation;
      video: VideoTranslation;
      voice: VoiceTranslation;
    };
  }
}

export const LANGUAGES = ['en', 'de'] as const;
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

/** Each feature namespace's languages, one chunk each. */
const FEATURE_TEXTS = import.meta.glob<{ default: ResourceKey }>('../features/*/locales/{en,de}.ts');

/** The shell's texts in the languages other than English (bundled, the fallback), one chunk each. */
const COMMON_TEXTS: Partial<Record<string, () => Promise<ResourceKey>>> = {
  de: () => import('./locales/de').then((module) => module.de),
};

function textsOf(language: string, namespace: string): (() => Promise<ResourceKey>) | undefined {
  if (namespace === 'common') return COMMON_TEXTS[language];
  const load = FEATURE_TEXTS[`../features/${namespace}/locales/${language}.ts`];
  return load && (() => load().then((module) => module.default));
}

const featureTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = textsOf(language, namespace);
    if (!load) return callback(new Error(`No ${language} texts for ${namespace}`), false);
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n
  .use(featureTexts)
  .use(initReactI18next)
  .init({
    resources: { en: { common: en } },
    partialBundledLanguages: true,
    ns: ['common'],
    defaultNS: 'common',
    lng: detectLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });

export { i18n };
