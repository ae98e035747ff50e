import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../lib/config';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
