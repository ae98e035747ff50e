import { en } from './content/en';
import { TermsDocument } from './TermsDocument';

/** /en/consultation/terms */
export function EnglishTermsPage() {
  return <TermsDocument content={en} />;
}
