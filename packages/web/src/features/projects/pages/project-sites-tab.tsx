import type { ReactNode } from 'react';
import { SiteGrid } from '@/components/site-grid';
import type { ProjectEditor } from './use-project-editor';
import { useBlockedSiteTest } from '../api/blocked-sites-api';

/** The Sites tab of any project screen: the editor's sites and selection in the shared grid; blocked sites marked. */
export function ProjectSitesTab({ editor, grouping, emptyHint }: { editor: ProjectEditor; grouping: 'module-platform' | 'platform'; emptyHint: ReactNode }) {
  const isBlocked = useBlockedSiteTest();
  return (
    <SiteGrid
      sites={editor.sites}
      grouping={grouping}
      checked={editor.checked}
      onCheckedChange={editor.setChecked}
      editing={editor.editing}
      showSelectionError={editor.showSelectionError}
      emptyHint={emptyHint}
      loading={editor.sitesLoading}
      isBlocked={isBlocked}
    />
  );
}
