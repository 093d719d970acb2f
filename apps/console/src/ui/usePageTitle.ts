import { useEffect } from 'react';

const siteName = 'Khata';

/** Sets the document title while the calling page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${siteName}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
