import { de } from './content/de';
import { TermsDocument } from './TermsDocument';

/** /de/consultation/terms */
export function GermanTermsPage() {
  return <TermsDocument content={de} />;
}
