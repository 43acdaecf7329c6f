import { cloneElement, isValidElement, type ReactNode } from 'react';
import { Form } from 'antd';
import { useWizardEditor } from './editor-context';

/** The id of a field's control, from its path: `wizard-linksAndKeywords-0-tags`. */
function wizardFieldId(path: string): string {
  return `wizard-${path.replace(/[^\w-]/g, '-')}`;
}

/**
 * One labelled control of a tab: shows the message of its field path (`linksAndKeywords.0.tags`)
 * when the tab's rules (the shared step schema) refuse it. The wizard is not form state (no
 * `name`), so Form.Item does not tie the label to the control: the control gets an id from the
 * path and the label points at it (issue 39.2), unless the control brings its own id.
 */
export function WizardField(props: { path: string; label?: ReactNode; required?: boolean; extra?: ReactNode; children: ReactNode }) {
  const message = useWizardEditor().errors.get(props.path);
  const { children } = props;
  const control = props.label !== undefined && isValidElement<{ id?: string }>(children) ? children : null;
  const id = control ? control.props.id ?? wizardFieldId(props.path) : undefined;
  return (
    <Form.Item
      label={props.label} htmlFor={id} required={props.required} extra={props.extra}
      validateStatus={message ? 'error' : undefined} help={message}
      data-field={props.path}
    >
      {control && control.props.id === undefined ? cloneElement(control, { id }) : children}
    </Form.Item>
  );
}

/** A tab's form layout (no form state: the wizard is the state). */
export function TabForm({ children }: { children: ReactNode }) {
  return <Form layout="vertical" component="div" style={{ maxWidth: 900 }}>{children}</Form>;
}
