import { Form, Select, Space, type FormRule } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { DISABLED_REASONS } from '@linkloom/shared';
import { ExplainedButton } from '@/components/disabled-reason';
import { controlId, namedCountOptions, type NamedCount } from './field-options';

/** Props of {@link SelectWithView}. */
export interface SelectWithViewProps {
  /** Form field holding the chosen id. */
  name: string;
  label: string;
  rows: readonly NamedCount[];
  /** The in-app route that shows one row, e.g. `/url_list/5`. */
  viewRoute: (id: number) => string;
  rules: FormRule[];
  /** Fields whose change re-checks this one (e.g. the input link sets for the output link set). */
  dependencies?: string[];
  editing: boolean;
  placeholder: string;
}

/**
 * A required searchable select with a View button that opens the chosen row in a new window, so
 * the user can look at a link set or content bucket without leaving an unsaved edit.
 */
export function SelectWithView(props: SelectWithViewProps) {
  const { name, label, rows, viewRoute, rules, dependencies, editing, placeholder } = props;
  const selected = Form.useWatch<number | null | undefined>(name, Form.useFormInstance());
  const id = controlId(name);
  const chosen = typeof selected === 'number';
  return (
    <Form.Item label={label} htmlFor={id} required>
      <Space.Compact block>
        <Form.Item name={name} rules={rules} dependencies={dependencies} noStyle>
          <Select<number>
            id={id}
            options={namedCountOptions(rows)}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!editing}
            placeholder={placeholder}
            notFoundContent="None yet"
            style={{ flex: 1, minWidth: 0 }}
          />
        </Form.Item>
        <ExplainedButton
          href={`#${viewRoute(chosen ? selected : 0)}`}
          target="_blank"
          rel="noopener noreferrer"
          disabledReason={chosen ? null : DISABLED_REASONS.chooseToView}
          icon={<ExportOutlined aria-hidden />}
        >
          View
        </ExplainedButton>
      </Space.Compact>
    </Form.Item>
  );
}
