import { useEffect } from 'react';

/** Sets the browser tab's title to "{title} - LinkLoom" while the screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - LinkLoom`;
  }, [title]);
}
