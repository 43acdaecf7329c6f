import { Form, Select } from 'antd';
import {
  DISABLED_REASONS, DUPLICATE_PROJECT_PREFIX, MODULES, ProjectCreateSchema, type ModuleId, type ProjectRow,
} from '@linkloom/shared';
import { NameDialog } from '@/components/name-dialog';
import { zodRule } from '@/lib/zod-form-rules';
import { useProjectMutations } from '../api/campaign-rows-api';

export type ProjectDialogMode = { mode: 'add' } | { mode: 'rename'; project: ProjectRow } | { mode: 'duplicate'; project: ProjectRow };

interface ProjectValues {
  name: string;
  module?: ModuleId;
}

const TITLES = { add: 'Add project', rename: 'Rename project', duplicate: 'Duplicate project' } as const;
const ACTS = { add: 'create', rename: 'save', duplicate: 'duplicate' } as const;
const MODULE_OPTIONS = Object.entries(MODULES).map(([value, label]) => ({ value, label }));

function initialValues(state: ProjectDialogMode): Partial<ProjectValues> {
  if (state.mode === 'add') return {};
  const module = state.project.module as ModuleId;
  const name = state.mode === 'duplicate' ? `${DUPLICATE_PROJECT_PREFIX}${state.project.name}` : state.project.name;
  return { module, name };
}

/**
 * One dialog for add, rename and duplicate (spec 1 §2): the module is chosen on add and locked
 * on rename and duplicate; duplicate proposes 'Copy of ' plus the old name.
 */
export function ProjectDialog({ campaignId, state, onClose }: { campaignId: number; state: ProjectDialogMode | null; onClose: () => void }) {
  const mutations = useProjectMutations(campaignId);
  const current = state ?? { mode: 'add' as const };

  const handleSubmit = async (values: ProjectValues) => {
    const name = values.name.trim();
    if (current.mode === 'add') await mutations.add.mutateAsync({ module: values.module as ModuleId, name });
    else if (current.mode === 'rename') await mutations.rename.mutateAsync({ id: current.project.id, module: current.project.module, name });
    else await mutations.duplicate.mutateAsync({ id: current.project.id, name });
  };

  return (
    <NameDialog<ProjectValues>
      open={state !== null} title={TITLES[current.mode]} act={ACTS[current.mode]} testId="project-dialog"
      schema={ProjectCreateSchema} initialValues={initialValues(current)}
      onSubmit={handleSubmit} onClose={onClose}
    >
      <Form.Item
        name="module" label="Project type" rules={[zodRule(ProjectCreateSchema, 'module')]}
        extra={current.mode === 'add' ? undefined : DISABLED_REASONS.projectTypeFixed}
      >
        <Select
          options={MODULE_OPTIONS} placeholder="Select project type" disabled={current.mode !== 'add'}
          showSearch={{ optionFilterProp: 'label' }} data-testid="project-dialog-module"
        />
      </Form.Item>
    </NameDialog>
  );
}
