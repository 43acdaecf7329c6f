import { useMemo } from 'react';
import { Alert, DatePicker, Form, InputNumber, Modal, Radio, Select, TimePicker, type FormRule } from 'antd';
import {
  DURATION_TYPES, SCHEDULE_MESSAGES, SCHEDULE_TYPES, isRunning, wireFromDraft, type ProjectKind, type ProjectRow, type ProjectSibling,
} from '@linkloom/shared';
import { useSaveSchedule } from '../../api/schedule-api';
import { draftFromValues, scheduleFieldProblem, valuesFromSchedule, type ScheduleFormValues } from './schedule-values';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { VALIDATE_ON } from '@/lib/zod-form-rules';
import { formDialogButtons } from '@/components/form-dialog-buttons';

/** Props of {@link ScheduleDialog}. */
export interface ScheduleDialogProps {
  open: boolean;
  onClose: () => void;
  project: ProjectRow;
  kind: ProjectKind;
  /** The campaign's other projects: the parents an AfterProject schedule may wait for. */
  siblings: ProjectSibling[];
}

const DATE_FORMAT = 'DD/MM/YYYY';
const TIME_FORMAT = 'HH:mm';

/**
 * Add / Edit Schedule (spec 1 §2, §4, §5): when the project starts (a fixed local date and time,
 * or after parent projects) and how long it runs (once or spread over days; private projects
 * also say how many posts). Every field reports the shared schedule rules' own message; Save
 * sends the schedule with status SCHEDULED and closes once the server accepts it.
 */
export function ScheduleDialog({ open, onClose, project, kind, siblings }: ScheduleDialogProps) {
  const [form] = Form.useForm<ScheduleFormValues>();
  const save = useSaveSchedule(project.id);
  const scheduleType = Form.useWatch('scheduleType', form);
  const durationType = Form.useWatch('durationType', form);
  const initialValues = useMemo(() => valuesFromSchedule(project.schedule, kind), [project.schedule, kind]);
  const parents = useMemo(
    () => siblings.filter((sibling) => sibling.id !== project.id).map((sibling) => ({ value: sibling.id, label: sibling.name })),
    [siblings, project.id],
  );
  const editing = Boolean(project.schedule?.scheduleType);

  /** The field's message from the rules, judged on the whole form (rules span fields). */
  const rule = (field: keyof ScheduleFormValues): FormRule => ({ getFieldsValue }) => ({
    validator: async () => {
      const problem = scheduleFieldProblem(getFieldsValue(true) as ScheduleFormValues, field, { id: project.id, kind });
      if (problem !== null) throw new Error(problem);
    },
  });

  const handleFinish = async () => {
    const draft = draftFromValues(form.getFieldsValue(true) as ScheduleFormValues);
    try {
      await save.mutateAsync(wireFromDraft(draft, kind));
      onClose();
    } catch {
      // Already shown as one toast by the mutation; the dialog stays open with what was chosen.
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Schedule' : 'Add Schedule'}
      {...formDialogButtons({ okText: DIALOG_LABELS.save, busy: save.isPending, onCancel: onClose, okTestId: 'schedule-dialog-ok' })}
      mask={{ closable: !save.isPending }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<ScheduleFormValues> form={form} layout="vertical" validateTrigger={VALIDATE_ON} initialValues={initialValues} onFinish={handleFinish} clearOnDestroy data-testid="schedule-dialog">
          {dialog}
        </Form>
      )}
    >
      {isRunning(project.status) && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="schedule-while-running" title="The project is running" description={SCHEDULE_MESSAGES.whileRunning} />
      )}
      <Form.Item name="scheduleType" label="Schedule option" rules={[rule('scheduleType')]}>
        <Radio.Group options={SCHEDULE_TYPES.map(([value, label]) => ({ value, label }))} data-testid="schedule-type" />
      </Form.Item>

      {scheduleType === 'FixedDate' && (
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item name="startDate" label="Start date" rules={[rule('startDate')]} dependencies={['startTime']} style={{ flex: 1 }}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="schedule-start-date" />
          </Form.Item>
          <Form.Item name="startTime" label="Start time" rules={[rule('startTime')]} style={{ flex: 1 }}>
            <TimePicker format={TIME_FORMAT} needConfirm={false} style={{ width: '100%' }} data-testid="schedule-start-time" />
          </Form.Item>
        </div>
      )}

      {scheduleType === 'AfterProject' && (kind === 'indexerproject' ? (
        <Form.Item name="sourceProjectId" label="Parent project" rules={[rule('sourceProjectId')]}>
          <Select options={parents} showSearch={{ optionFilterProp: 'label' }} allowClear placeholder="Select a project" data-testid="schedule-parent" />
        </Form.Item>
      ) : (
        <Form.Item name="sourceProjectIds" label="Parent project" rules={[rule('sourceProjectIds')]}>
          <Select mode="multiple" options={parents} showSearch={{ optionFilterProp: 'label' }} allowClear placeholder="Select projects" data-testid="schedule-parent" />
        </Form.Item>
      ))}

      <Form.Item name="durationType" label="Duration" rules={[rule('durationType')]}>
        <Radio.Group options={DURATION_TYPES.map(([value, label]) => ({ value, label }))} data-testid="schedule-duration" />
      </Form.Item>

      {durationType === 'Spread' && (
        <Form.Item name="nDay" label="Number of days" rules={[rule('nDay')]}>
          <InputNumber precision={0} style={{ width: 160 }} data-testid="schedule-days" />
        </Form.Item>
      )}

      {kind === 'privateproject' && (
        <Form.Item name="numberOfPosts" label="Number of posts" extra="0 means unlimited" rules={[rule('numberOfPosts')]}>
          <InputNumber precision={0} style={{ width: 160 }} data-testid="schedule-posts" />
        </Form.Item>
      )}
    </Modal>
  );
}
