import { memo, useState } from 'react';
import { AutoComplete, Form, Typography } from 'antd';

/**
 * Props every kind's inspector gets: what it shows of the node, not the node itself, so a drag of
 * the inspected node (a new node object each frame) does not draw the inspector again.
 */
export interface InspectorProps {
  /** The node's label, `{Kind} (n)`. */
  label: string;
  /** Its account store name ('' when none). */
  profileName: string;
  /** The user's account profile names, offered while typing. */
  profileNames: readonly string[];
  /** Sets the node's account store name (an undoable edit; the label shows it). */
  onProfileNameChange: (profileName: string) => void;
}

/** Ties the label to the input (issue 39.2): the inspector's form has no field names. */
const ACCOUNT_STORE_NAME_ID = 'account-store-name-input';

/**
 * The right-side inspector of a project node (every node but the Money Site becomes a project of
 * the campaign): 'Account Store Name' with the user's profile names as suggestions. The edit is
 * applied when the field is left or a suggestion picked, so typing is one undo step. The designer
 * keys it by node and name, so an undo or another node starts it afresh.
 */
export const ProjectInspector = memo(function ProjectInspector({ label, profileName, profileNames, onProfileNameChange }: InspectorProps) {
  const [value, setValue] = useState(profileName);
  const commit = (next: string) => {
    if (next.trim() !== profileName) onProfileNameChange(next.trim());
  };
  const options = profileNames
    .filter((name) => name.toLowerCase().includes(value.trim().toLowerCase()))
    .slice(0, 50)
    .map((name) => ({ value: name }));
  return (
    <Form layout="vertical" data-testid="node-inspector">
      <Typography.Title level={5} style={{ marginTop: 0, overflowWrap: 'anywhere' }}>{label}</Typography.Title>
      <Form.Item label="Account Store Name" htmlFor={ACCOUNT_STORE_NAME_ID}>
        <AutoComplete
          id={ACCOUNT_STORE_NAME_ID}
          value={value}
          options={options}
          onChange={setValue}
          onSelect={(picked: string) => { setValue(picked); commit(picked); }}
          onBlur={() => commit(value)}
          onKeyDown={(event) => { if (event.key === 'Enter') commit(value); }}
          placeholder="Account store name"
          data-testid="account-store-name"
          allowClear
        />
      </Form.Item>
    </Form>
  );
});
