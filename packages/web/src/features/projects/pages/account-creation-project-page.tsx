import { Tabs } from 'antd';
import { Link } from 'react-router';
import type { AccountCreationScreen } from '@linkloom/shared';
import { AccountTab } from '../components/forms/account-tab';
import { EmailTab } from '../components/forms/email-tab';
import { ACCOUNT_CREATION_RULES } from './project-kind-rules';
import { ProjectRoute } from './project-route';
import { ProjectScreenFrame } from './project-screen-frame';
import { ProjectSitesTab } from './project-sites-tab';
import { useProjectEditor } from './use-project-editor';

/** The tabs in the address (`?tab=email`); Account opens by default. */
const TABS = ['account', 'email', 'sites'] as const;

/** Account creation projects (spec 1 §2): tabs Account, Email, Sites, plus Verify mail in the toolbar. */
function AccountCreationProjectScreen({ screen }: { screen: AccountCreationScreen }) {
  const editor = useProjectEditor(screen.project.id, screen, ACCOUNT_CREATION_RULES, TABS);
  return (
    <ProjectScreenFrame screen={screen} editor={editor} verificationStatus={screen.project.verificationInfo.status}>
      <Tabs
        activeKey={editor.activeTab}
        onChange={(key) => editor.setActiveTab(key)}
        data-testid="project-tabs"
        items={[
          { key: 'account', label: 'Account', forceRender: true, children: <AccountTab editing={editor.editing} profiles={editor.profiles} campaignId={screen.campaign.id} /> },
          { key: 'email', label: 'Email', forceRender: true, children: <EmailTab editing={editor.editing} /> },
          {
            key: 'sites', label: 'Sites',
            children: (
              <ProjectSitesTab
                editor={editor} project={screen.project} grouping="module-platform"
                emptyHint={<>No sites yet. Sites come from your <Link to="/private-networks">private networks</Link> and custom sites.</>}
              />
            ),
          },
        ]}
      />
    </ProjectScreenFrame>
  );
}

/** /acproject/:id */
export function AccountCreationProjectPage() {
  return <ProjectRoute kind="acproject" render={(screen) => <AccountCreationProjectScreen screen={screen} />} />;
}
