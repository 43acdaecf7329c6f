import { useState, type ReactNode } from 'react';
import type { MenuProps } from 'antd';
import { BACKLINKS_EXPORT_CHOICES, backlinksFormatOfKey, type BacklinksTarget } from './backlinks-export';
import { BacklinksExportDialog, type BacklinksExportRequest } from './backlinks-export-dialog';

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * The Backlinks (CSV) / Backlinks (Excel) items of a download menu and the dialog they open, one
 * piece for every screen that offers them (link set screen, campaign's link-set rows, campaign list).
 * `items(testId)` gives the menu items (their labels carry `${testId}-backlinks-csv|xlsx`);
 * `handleMenuKey(key, target)` opens the dialog for a backlinks item and says whether it was one;
 * `dialog` is rendered once by the screen.
 */
export function useBacklinksExport(): {
  items: (testId: string, options?: { disabled?: boolean; title?: string }) => MenuItems;
  handleMenuKey: (key: string, target: BacklinksTarget) => boolean;
  dialog: ReactNode;
} {
  const [shown, setShown] = useState<{ open: boolean; request: BacklinksExportRequest | null }>({ open: false, request: null });
  const items = (testId: string, options: { disabled?: boolean; title?: string } = {}): MenuItems => BACKLINKS_EXPORT_CHOICES.map((choice) => ({
    key: choice.key, disabled: options.disabled, title: options.title,
    label: <span data-testid={`${testId}-${choice.key}`}>{choice.label}</span>,
  }));
  const handleMenuKey = (key: string, target: BacklinksTarget) => {
    const format = backlinksFormatOfKey(key);
    if (format === null) return false;
    setShown({ open: true, request: { target, format } });
    return true;
  };
  const dialog = <BacklinksExportDialog open={shown.open} request={shown.request} onClose={() => setShown((state) => ({ ...state, open: false }))} />;
  return { items, handleMenuKey, dialog };
}
