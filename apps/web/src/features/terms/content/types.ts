/** One language's terms: {product} in any text is the configured product name. */
export interface TermsContent {
  lang: 'en' | 'de';
  title: string;
  /** 'Version {version}' */
  version: string;
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
  /** The link to the other language's terms. */
  otherLanguage: { label: string; lang: 'en' | 'de' };
}
