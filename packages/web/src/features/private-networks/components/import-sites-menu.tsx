import { useState } from 'react';
import { Button, Checkbox, Dropdown, Form } from 'antd';
import { DownOutlined, ImportOutlined } from '@ant-design/icons';
import { PRIVATE_NETWORK_MESSAGES, type PrivateSiteImportResult } from '@linkloom/shared';
import { TextImportDialog } from '@/components/text-import-dialog';
import { useErrorList } from '@/components/error-list-dialog';
import { useImportFromProfile, useImportSites } from '../api/private-sites-api';
import { ProfileImportDialog } from './profile-import-dialog';
import { errorListOutcome, reportImport } from '@/lib/import-outcome';

const PLACEHOLDER = 'https://blog.example.com|me@example.com|admin|password\nwww.another-site.com|me@example.com|editor|password';

/**
 * The screen's Import menu: Manually (pasted site|email|username|password lines, with a
 * 'Self-hosted blogs' tick) and From Account Profiles. Refused lines are listed with their numbers.
 */
export function ImportSitesMenu({ networkId }: { networkId: number }) {
  const [dialog, setDialog] = useState<'manual' | 'profile' | null>(null);
  const importSites = useImportSites(networkId);
  const importFromProfile = useImportFromProfile(networkId);
  const showErrors = useErrorList();

  /** '3 sites imported, 1 line refused' (no success when none was); the refused lines by number. */
  const reportImported = (result: PrivateSiteImportResult) => {
    const outcome = errorListOutcome(result.imported, 'site', 'imported', result.errorList);
    reportImport(outcome);
    return outcome.refused;
  };

  const handleManual = async (text: string, values: Record<string, unknown>) => {
    const result = await importSites.mutateAsync({ siteList: text, selfHosted: values.selfHosted === true });
    // Numbered, so the dialog keeps exactly the refused lines in the box to be fixed.
    return reportImported(result);
  };

  const handleProfile = async (profileId: number) => {
    const result = await importFromProfile.mutateAsync(profileId);
    const refused = reportImported(result);
    if (refused.length > 0) showErrors(refused);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'manual', label: <span data-testid="import-manually">Manually</span> },
            { key: 'profile', label: <span data-testid="import-from-profiles">From Account Profiles</span> },
          ],
          onClick: ({ key }) => setDialog(key === 'manual' ? 'manual' : 'profile'),
        }}
      >
        <Button icon={<ImportOutlined />} data-testid="import-menu">
          Import <DownOutlined />
        </Button>
      </Dropdown>
      <TextImportDialog
        open={dialog === 'manual'}
        title="Import Sites"
        label="One site per line: site|email|username|password"
        placeholder={PLACEHOLDER}
        requiredMessage={PRIVATE_NETWORK_MESSAGES.siteListRequired}
        onSubmit={handleManual}
        onClose={() => setDialog(null)}
        testId="import-sites-dialog"
      >
        <Form.Item name="selfHosted" valuePropName="checked" initialValue={false} style={{ marginBottom: 8 }}>
          <Checkbox data-testid="self-hosted">Self-hosted blogs</Checkbox>
        </Form.Item>
      </TextImportDialog>
      <ProfileImportDialog open={dialog === 'profile'} onSubmit={handleProfile} onClose={() => setDialog(null)} />
    </>
  );
}
