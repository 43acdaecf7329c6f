import type { ReactNode } from 'react';
import { Form } from 'antd';
import { useWizardEditor } from './editor-context';

/**
 * One labelled control of a tab: shows the message of its field path (`linksAndKeywords.0.tags`)
 * when the tab's rules (the shared step schema) refuse it.
 */
export function WizardField(props: { path: string; label?: ReactNode; required?: boolean; extra?: ReactNode; children: ReactNode }) {
  const message = useWizardEditor().errors.get(props.path);
  return (
    <Form.Item
      label={props.label} required={props.required} extra={props.extra}
      validateStatus={message ? 'error' : undefined} help={message}
      data-field={props.path}
    >
      {props.children}
    </Form.Item>
  );
}

/** A tab's form layout (no form state: the wizard is the state). */
export function TabForm({ children }: { children: ReactNode }) {
  return <Form layout="vertical" component="div" style={{ maxWidth: 900 }}>{children}</Form>;
}
