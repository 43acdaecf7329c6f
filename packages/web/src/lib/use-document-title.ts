import { useEffect } from 'react';

/** The browser tab's title for a state of a screen that shows no PageHeader (loading, failed to open). */
export function DocumentTitle({ title }: { title: string }): null {
  useDocumentTitle(title);
  return null;
}

/** Sets the browser tab's title to "{title} - LinkLoom" while the screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - LinkLoom`;
  }, [title]);
}
