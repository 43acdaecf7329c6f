import {
  BACKLINKS_EXPORT_MESSAGES, backlinksExportFileName, backlinksExportUrl,
  type BacklinksExportFormat, type BacklinksExportOptions, type BacklinksExportScope,
} from '@linkloom/shared';
import { downloadFile } from '@/lib/download';
import { toastDone, toastFailure } from '@/lib/action-feedback';

/** What a Backlinks export covers: a campaign (every link set of it) or one link set. */
export interface BacklinksTarget {
  scope: BacklinksExportScope;
  id: number;
  /** The campaign's or link set's name: the file's name when the answer names none. */
  name: string;
}

/** The two menu items every download menu with backlinks shows, by key. */
export const BACKLINKS_EXPORT_CHOICES: readonly { key: string; label: string; format: BacklinksExportFormat }[] = [
  { key: 'backlinks-csv', label: 'Backlinks (CSV)', format: 'csv' },
  { key: 'backlinks-xlsx', label: 'Backlinks (Excel)', format: 'xlsx' },
];

/** The format of a backlinks menu item's key; null for any other item. */
export function backlinksFormatOfKey(key: string): BacklinksExportFormat | null {
  return BACKLINKS_EXPORT_CHOICES.find((choice) => choice.key === key)?.format ?? null;
}

/**
 * Downloads the Backlinks export and says what was saved; a failure is one toast with the spec's
 * title and the server's reason. Resolves with the file's name, or null when it failed.
 */
export async function downloadBacklinksExport(target: BacklinksTarget, options: BacklinksExportOptions): Promise<string | null> {
  try {
    const fileName = await downloadFile({
      url: backlinksExportUrl(target.scope, target.id, options), fallbackName: backlinksExportFileName(target.name, options), silent: true,
    });
    toastDone(BACKLINKS_EXPORT_MESSAGES.downloaded(fileName, options.onlyLive && options.part !== 'inputs'));
    return fileName;
  } catch (error) {
    toastFailure(BACKLINKS_EXPORT_MESSAGES.failed, error);
    return null;
  }
}
