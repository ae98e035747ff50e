/** The consultation terms (issue 18): one bare page per language, each loaded on its own route. */
export { EnglishTermsPage } from './EnglishTermsPage';
export { GermanTermsPage } from './GermanTermsPage';
