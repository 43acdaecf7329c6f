import type { ReactNode } from 'react';
import { Alert, Button, Form, Typography } from 'antd';
import { DISABLED_REASONS, MODULES, editBlockedReason, type ModuleId, type ProjectScreen } from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { ProjectToolbar } from '../components/toolbar/project-toolbar';
import { StartReadiness } from '../components/start-readiness';
import type { ProjectEditor } from './use-project-editor';
import { VALIDATE_ON } from '@/lib/zod-form-rules';

/** Props of {@link ProjectScreenFrame}. */
export interface ProjectScreenFrameProps {
  screen: ProjectScreen;
  editor: ProjectEditor;
  /** The tabs (or, for indexer projects, the form and grid). */
  children: ReactNode;
  verificationStatus?: string | null;
}

/**
 * What every project screen shares (spec 1 §2): breadcrumbs Campaigns › Campaign › Project, the
 * title with the module, the toolbar (status, View Error, Edit / Save / Cancel, Start / Stop,
 * Schedule), and one form around the tabs, read-only until Edit.
 */
export function ProjectScreenFrame({ screen, editor, children, verificationStatus }: ProjectScreenFrameProps) {
  const { project, campaign } = screen;
  const moduleName = MODULES[project.module as ModuleId] ?? project.module;
  return (
    <div data-testid="project-page" data-kind={screen.kind}>
      <PageHeader
        title={`Project: ${project.name}`}
        breadcrumbs={[
          { title: 'Campaigns', to: '/campaigns' },
          { title: `Campaign: ${campaign.name}`, to: `/campaign/${campaign.id}` },
          { title: `Project: ${project.name}` },
        ]}
        extra={<Typography.Text type="secondary" data-testid="project-module">{moduleName}</Typography.Text>}
      />
      {editor.savedElsewhere && (
        <Alert
          type="warning" showIcon style={{ marginBottom: 16 }} data-testid="saved-elsewhere"
          title="This project was saved in another window."
          description="Your changes here are not saved. Reload to see the saved version (your changes here will be discarded), or keep editing and save to replace it."
          action={<Button size="small" onClick={editor.reloadSavedVersion}>Reload</Button>}
        />
      )}
      <ProjectToolbar
        project={project}
        kind={screen.kind}
        editing={editor.editing}
        saving={editor.saving}
        dirty={editor.dirty}
        onEdit={editor.startEdit}
        onSave={() => void editor.submit()}
        onCancel={editor.cancel}
        beforeSchedule={editor.beforeSchedule}
        siblings={screen.siblings}
        verificationStatus={verificationStatus}
      />
      {!editor.editing && <StartReadiness projectId={project.id} />}
      {/* Why the fields below are off (issue 39.2): one line for the whole read-only form. */}
      {!editor.editing && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="read-only-reason">
          {editBlockedReason(project.status, screen.kind === 'acproject') ?? DISABLED_REASONS.pressEdit}
        </Typography.Paragraph>
      )}
      <Form form={editor.form} layout="vertical" validateTrigger={VALIDATE_ON} data-testid="project-form" style={{ marginTop: 16 }} onValuesChange={editor.markChanged}>
        {children}
      </Form>
    </div>
  );
}
