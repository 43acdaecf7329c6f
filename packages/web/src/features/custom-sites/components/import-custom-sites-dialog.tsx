import { Divider, Typography } from 'antd';
import { CUSTOM_SITE_MESSAGES, type CustomSiteImportResult, type CustomSiteModule } from '@linkloom/shared';
import { TextImportDialog } from '@/components/text-import-dialog';
import { UploadDropZone } from '@/components/upload-button';
import { summarise, toastDone, toastProblems } from '@/lib/action-feedback';
import type { ErrorLine } from '@/lib/error-lines';
import { uploadUrl, useImportCustomSites } from '../api/custom-sites-api';

export interface ImportCustomSitesDialogProps {
  /** The module every line belongs to; null for Import All (each line names its module). */
  module: CustomSiteModule | null;
  /** The module's display name, for the title. */
  moduleName: string;
  open: boolean;
  onClose: () => void;
}

const FORMAT = 'url|da|premium|login|password';

/** 'Line 3: reason' → a numbered problem, so the dialog keeps that line in the box to be fixed. */
function numbered(text: string): ErrorLine {
  const match = /^Line (\d+): (.*)$/s.exec(text);
  return match ? { line: Number(match[1]), message: match[2]! } : text;
}

/** What an import says: '3 sites imported, 1 line refused'. */
export function reportImport(result: CustomSiteImportResult): void {
  const text = summarise([{ count: result.imported, noun: 'site', verb: 'imported' }, { count: result.errorList.length, noun: 'line', verb: 'refused' }]);
  if (result.imported > 0) toastDone(text);
  else toastProblems([text]);
}

/**
 * Import (one module) or Import All: pasted lines, or a text file dropped below (Export All's
 * file for Import All). Only the URL is required on a line; refused lines stay in the box with
 * their reasons. A finished file upload closes the dialog (its toasts list refused lines).
 */
export function ImportCustomSitesDialog({ module, moduleName, open, onClose }: ImportCustomSitesDialogProps) {
  const importSites = useImportCustomSites();
  const format = module ? FORMAT : `module|${FORMAT}`;
  const testId = module ? 'import-sites-dialog' : 'import-all-dialog';

  const handleSubmit = async (text: string) => {
    const result = await importSites.mutateAsync({ module, siteList: text });
    reportImport(result);
    return result.errorList.map(numbered);
  };

  return (
    <TextImportDialog
      open={open}
      title={module ? `Import ${moduleName} Sites` : 'Import All'}
      label={`One site per line: ${format} (only the URL is required; premium is the word premium or empty)`}
      placeholder={module ? 'https://blog.example.com|35\nwiki.example.org|20||bot@wiki|bot-password' : 'Wiki|https://wiki.example.org|20|||\nSocialNetwork|https://blog.example.com|35|premium|admin|app password'}
      requiredMessage={CUSTOM_SITE_MESSAGES.siteListRequired}
      onSubmit={handleSubmit}
      onClose={onClose}
      testId={testId}
    >
      <Divider plain>or a text file</Divider>
      <UploadDropZone
        action={uploadUrl(module)}
        accept=".txt,.csv,text/plain"
        multiple
        hint={<Typography.Text type="secondary">{format}, one site per line</Typography.Text>}
        onDone={(result) => {
          if (result.ok) onClose();
        }}
        testId={`${testId}-file`}
      />
    </TextImportDialog>
  );
}
