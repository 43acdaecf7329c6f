import { Typography } from 'antd';
import type { IndexerScreen } from '@linkloom/shared';
import { IndexerProjectFields } from '../components/forms/indexer-project-fields';
import { INDEXER_RULES } from './project-kind-rules';
import { ProjectRoute } from './project-route';
import { ProjectScreenFrame } from './project-screen-frame';
import { ProjectSitesTab } from './project-sites-tab';
import { useProjectEditor } from './use-project-editor';

/** One page, no tabs: the address never names one (a failed save's "open the Sites tab" has nowhere to go). */
const TABS = ['general'] as const;

/** Indexer projects (spec 1 §2): a required URL list and the search engines to notify, by platform. */
function IndexerProjectScreen({ screen }: { screen: IndexerScreen }) {
  const editor = useProjectEditor(screen.project.id, screen, INDEXER_RULES, TABS);
  return (
    <ProjectScreenFrame screen={screen} editor={editor}>
      <IndexerProjectFields editing={editor.editing} urlLists={screen.urlLists} />
      <Typography.Title level={5}>Sites</Typography.Title>
      <ProjectSitesTab editor={editor} project={screen.project} grouping="platform" emptyHint="No indexing endpoints are available." />
    </ProjectScreenFrame>
  );
}

/** /indexerproject/:id */
export function IndexerProjectPage() {
  return <ProjectRoute kind="indexerproject" render={(screen) => <IndexerProjectScreen screen={screen} />} />;
}
