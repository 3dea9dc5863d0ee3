import { useEffect } from 'react';

/** Each screen names itself in the tab title, which is also what screen readers announce on arrival. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Rehabit` : 'Rehabit';
  }, [title]);
}
