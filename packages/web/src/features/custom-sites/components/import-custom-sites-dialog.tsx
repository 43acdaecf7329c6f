import { Divider, Typography } from 'antd';
import { CUSTOM_SITE_MESSAGES, CustomSiteImportResultSchema, type CustomSiteImportResult, type CustomSiteModule } from '@linkloom/shared';
import { TextImportDialog } from '@/components/text-import-dialog';
import { UploadDropZone } from '@/components/upload-button';
import { errorListOutcome, reportImport, type ImportOutcome } from '@/lib/import-outcome';
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

/** What an import did: '3 sites imported, 1 line refused', each refused line by its number. */
export function customSiteImportOutcome(result: CustomSiteImportResult): ImportOutcome {
  return errorListOutcome(result.imported, 'site', 'imported', result.errorList);
}

/** A site file's answer as its outcome; null for an answer of another shape. */
function customSiteFileOutcome(body: unknown): ImportOutcome | null {
  const parsed = CustomSiteImportResultSchema.safeParse(body);
  return parsed.success ? customSiteImportOutcome(parsed.data) : null;
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
    const outcome = customSiteImportOutcome(await importSites.mutateAsync({ module, siteList: text }));
    reportImport(outcome);
    return [...outcome.refused];
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
        outcome={customSiteFileOutcome}
        onDone={(result) => {
          if (result.accepted) onClose();
        }}
        testId={`${testId}-file`}
      />
    </TextImportDialog>
  );
}
