import { TERMS_VERSION, termsPath } from '@vireo/contracts';
import { ProductLogo } from '../../components/ProductLogo';
import { PRODUCT_NAME } from '../../lib/config';
import type { TermsContent } from './content/types';

const fill = (text: string) => text.replaceAll('{product}', PRODUCT_NAME).replaceAll('{version}', TERMS_VERSION);

/**
 * The consultation terms in one language (issue 18), whatever the interface's: a bare page (routes.ts) of
 * plain elements (app/plainStyles), public and calling no API, so a booking form can link it in its own language.
 */
export function TermsDocument({ content }: { content: TermsContent }) {
  const other = content.otherLanguage;
  return (
    <main className="plain-document" lang={content.lang}>
      <ProductLogo />
      <h1 className="plain-title">{fill(content.title)}</h1>
      <p>{fill(content.version)}</p>
      <p>{fill(content.intro)}</p>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2 className="plain-heading">{fill(section.heading)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
        </section>
      ))}
      <p>
        <a href={termsPath(other.lang === 'de' ? 'DE' : 'EN')} hrefLang={other.lang} lang={other.lang}>
          {other.label}
        </a>
      </p>
    </main>
  );
}
