import type { FastifyRequest } from 'fastify';
import { MSG, PASSWORD_MIN, SIGN_UP_MSG } from '@vireo/contracts';
import { hidden } from '../../platform/pages';

/** The languages of the identity pages: the web app's. */
export type PageLanguage = 'en' | 'de';

/**
 * The language a page speaks: the `lang` the web app passes (in the query, then in each form's hidden
 * field and each link between the pages), else the browser's first choice of English or German
 * (Accept-Language), else English.
 */
export function pageLanguage(request: FastifyRequest): PageLanguage {
  const asked = (request.body as Record<string, unknown> | undefined)?.lang ?? (request.query as Record<string, unknown> | undefined)?.lang;
  if (asked === 'de' || asked === 'en') return asked;
  const header = request.headers['accept-language'] ?? '';
  const preferred = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter(({ tag, q }) => (tag.startsWith('de') || tag.startsWith('en')) && q > 0)
    .sort((a, b) => b.q - a.q)[0];
  return preferred?.tag.startsWith('de') ? 'de' : 'en';
}

/** The form field that keeps a German page German after it is posted. */
export const languageField = (lang: PageLanguage) => (lang === 'de' ? hidden('lang', 'de') : '');

/** A link to another identity page in the same language. */
export const inLanguage = (path: string, lang: PageLanguage) => (lang === 'de' ? `${path}${path.includes('?') ? '&' : '?'}lang=de` : path);

/** The sign-in and change-password pages' own words. */
export const SIGN_IN_TEXT = {
  en: {
    title: (product: string) => `Sign in to ${product}`,
    email: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    forgot: 'Forgot password?',
    newHere: 'New here?',
    createAccount: 'Create an account',
    formExpired: 'Your sign-in form expired. Please try again.',
    signedOutTitle: 'You have signed out',
    signedOut: (product: string) => `You have signed out of ${product}.`,
    signInAgain: 'Sign in again',
  },
  de: {
    title: (product: string) => `Bei ${product} anmelden`,
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    signIn: 'Anmelden',
    forgot: 'Passwort vergessen?',
    newHere: 'Neu hier?',
    createAccount: 'Konto anlegen',
    formExpired: 'Ihr Anmeldeformular ist abgelaufen. Bitte versuchen Sie es erneut.',
    signedOutTitle: 'Sie haben sich abgemeldet',
    signedOut: (product: string) => `Sie haben sich von ${product} abgemeldet.`,
    signInAgain: 'Erneut anmelden',
  },
} as const;

/** Words the sign-up and password-reset pages share. */
export const FORM_TEXT = {
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    confirmNewPassword: 'Confirm new password',
    passwordHint: `At least ${PASSWORD_MIN} characters.`,
    backToSignIn: 'Back to sign in',
    goToSignIn: 'Go to sign in',
  },
  de: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    newPassword: 'Neues Passwort',
    confirmPassword: 'Passwort bestätigen',
    confirmNewPassword: 'Neues Passwort bestätigen',
    passwordHint: `Mindestens ${PASSWORD_MIN} Zeichen.`,
    backToSignIn: 'Zurück zur Anmeldung',
    goToSignIn: 'Zur Anmeldung',
  },
} as const;

/** The server's messages these pages show, in German (the web app's messages say the same). */
const GERMAN_MESSAGES: Record<string, string> = {
  [MSG.unableToAuthenticate]: 'Anmeldung nicht möglich.',
  [MSG.missingDetails]: 'Angaben fehlen.',
  [MSG.controlCharacters]: 'Entfernen Sie die Steuerzeichen (etwa NUL) aus diesem Text.',
  [MSG.tooManyRequests]: 'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  [SIGN_UP_MSG.required]: 'Dieses Feld ist erforderlich',
  [SIGN_UP_MSG.passwordsMismatch]: 'Die Passwörter stimmen nicht überein',
  [SIGN_UP_MSG.acceptTerms]: 'Bitte bestätigen Sie dies',
  [SIGN_UP_MSG.emailNotVerified]: 'Ihre E-Mail-Adresse ist noch nicht bestätigt. Folgen Sie dem Link, den wir Ihnen gesendet haben, oder fordern Sie einen neuen an.',
};

/** A server message in the page's language; one without a German text shows as it is. */
export const pageMessage = (message: string, lang: PageLanguage) => (lang === 'de' ? (GERMAN_MESSAGES[message] ?? message) : message);
