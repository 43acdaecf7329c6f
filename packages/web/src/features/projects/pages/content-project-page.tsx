import { Suspense, lazy } from 'react';
import { Spin, Tabs } from 'antd';
import { Link } from 'react-router';
import type { PostingScreen, PrivateScreen } from '@linkloom/shared';
import { ContentGeneralTab } from '../components/forms/content-general-tab';
import { MediaTab } from '../components/forms/media-tab';
import { IndexerTab } from '../components/forms/indexer-tab';
import { POSTING_RULES, PRIVATE_RULES } from './project-kind-rules';
import { ProjectRoute } from './project-route';
import { ProjectScreenFrame } from './project-screen-frame';
import { ProjectSitesTab } from './project-sites-tab';
import { useProjectEditor } from './use-project-editor';

/** The Reports tab (issue 18.4) is its own chunk: the charting library loads with it. */
const ReportsTab = lazy(() => import('@/components/link-reports/reports-tab'));

/** The tabs in the address (`?tab=sites`); General opens by default. */
const TABS = ['general', 'image', 'video', 'sites', 'indexer', 'reports'] as const;

/**
 * Posting and private blog projects (spec 1 §2): tabs General, Image, Video, Sites, Indexer, and
 * Reports (issue 18.4: this project's share of the campaign reports).
 * Posting projects pick a campaign and account profile and list the user's sites of the module,
 * grouped by module then platform; private projects pick a private network and list its sites by
 * platform.
 */
function ContentProjectScreen({ screen }: { screen: PostingScreen | PrivateScreen }) {
  const posting = screen.kind === 'postingproject';
  const editor = useProjectEditor(screen.project.id, screen, posting ? POSTING_RULES : PRIVATE_RULES, TABS);
  const emptyHint = posting
    ? <>No sites of this module yet. Add sites to a <Link to="/private-networks">private network</Link> or your custom sites.</>
    : <>Choose a private network on the General tab; its sites show here. Networks are managed under <Link to="/private-networks">Private Networks</Link>.</>;
  return (
    <ProjectScreenFrame screen={screen} editor={editor}>
      <Tabs
        activeKey={editor.activeTab}
        onChange={(key) => editor.setActiveTab(key)}
        data-testid="project-tabs"
        items={[
          {
            key: 'general', label: 'General', forceRender: true,
            children: (
              <ContentGeneralTab
                kind={posting ? 'posting' : 'private'}
                editing={editor.editing}
                campaigns={posting ? screen.campaigns : undefined}
                profiles={editor.profiles}
                urlLists={screen.urlLists}
                contentGroups={screen.contentGroups}
                onCampaignChange={posting ? (campaignId) => void editor.changeCampaign(campaignId) : undefined}
                onPrivateNetworkChange={posting ? undefined : (networkId) => void editor.changePrivateNetwork(networkId)}
              />
            ),
          },
          { key: 'image', label: 'Image', forceRender: true, children: <MediaTab media="image" editing={editor.editing} /> },
          { key: 'video', label: 'Video', forceRender: true, children: <MediaTab media="video" editing={editor.editing} /> },
          { key: 'sites', label: 'Sites', children: <ProjectSitesTab editor={editor} project={screen.project} grouping={posting ? 'module-platform' : 'platform'} emptyHint={emptyHint} /> },
          { key: 'indexer', label: 'Indexer', forceRender: true, children: <IndexerTab editing={editor.editing} /> },
          {
            key: 'reports', label: 'Reports',
            children: <Suspense fallback={<Spin />}><ReportsTab projectId={screen.project.id} liveCampaignId={screen.project.campaignId} /></Suspense>,
          },
        ]}
      />
    </ProjectScreenFrame>
  );
}

/** /project/:id */
export function PostingProjectPage() {
  return <ProjectRoute kind="postingproject" render={(screen) => <ContentProjectScreen screen={screen} />} />;
}

/** /privateproject/:id */
export function PrivateProjectPage() {
  return <ProjectRoute kind="privateproject" render={(screen) => <ContentProjectScreen screen={screen} />} />;
}
