import { useState } from 'react';
import { Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DISABLED_REASONS, offerableLinkSets } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { ExplainedButton } from '@/components/disabled-reason';
import type { NamedCount } from '../forms/field-options';
import { LinkSetProfileDialog } from './link-set-profile-dialog';
import { profileName, type LinkSetProfileValue } from './link-set-profile-value';

export type { LinkSetProfileValue } from './link-set-profile-value';

/** Props of {@link LinkSetProfilesField}: a controlled form control. */
export interface LinkSetProfilesFieldProps {
  /** Set by Form.Item: the target of its label. */
  id?: string;
  value?: LinkSetProfileValue[];
  onChange?: (value: LinkSetProfileValue[]) => void;
  /** The campaign's link sets. */
  linkSets: NamedCount[];
  editing: boolean;
}

interface ProfileRow extends LinkSetProfileValue {
  index: number;
}

/** Whether the dialog shows, and which profile: a new one (null) or the one at `index`. */
interface DialogState {
  open: boolean;
  index: number | null;
}

/**
 * The input link sets of a posting or private project (spec 1 §3, §5): a table of link set
 * profiles with Add / Edit / Delete. Changes go to the page's form and are saved (or dropped by
 * Cancel) with the rest of the project, so Delete asks nothing.
 */
export function LinkSetProfilesField(props: LinkSetProfilesFieldProps) {
  const { id, value = [], onChange, linkSets, editing } = props;
  // The index stays while the dialog closes, so its title does not flip during the animation.
  const [dialog, setDialog] = useState<DialogState>({ open: false, index: null });
  const editedIndex = dialog.index;
  const edited = editedIndex === null ? undefined : value[editedIndex];
  const offered = offerableLinkSets(linkSets, value, edited?.linkSetId);
  const canAdd = offerableLinkSets(linkSets, value).length > 0;
  const editWhy = editing ? null : DISABLED_REASONS.pressEdit;
  const addWhy = editWhy ?? (canAdd ? null : linkSets.length > 0 ? DISABLED_REASONS.allLinkSetsUsed : DISABLED_REASONS.noLinkSets);

  const handleSubmit = (profile: LinkSetProfileValue) => {
    onChange?.(editedIndex === null ? [...value, profile] : value.map((current, index) => (index === editedIndex ? profile : current)));
  };
  const handleDelete = (index: number) => onChange?.(value.filter((_, current) => current !== index));

  const columns: TableColumnsType<ProfileRow> = [
    { title: 'Link set', key: 'name', render: (_, row) => profileName(row, linkSets) },
    { title: 'Min links', dataIndex: 'minLinks', width: 110 },
    { title: 'Max links', dataIndex: 'maxLinks', width: 110 },
    { title: 'Probability %', dataIndex: 'linkProb', width: 130 },
    {
      title: 'Actions',
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <Space size={0}>
          <ExplainedButton
            type="link" icon={<EditOutlined aria-hidden />} disabledReason={editWhy} aria-label="Edit link set"
            onClick={() => setDialog({ open: true, index: row.index })}
          >
            Edit
          </ExplainedButton>
          <ExplainedButton
            type="link" danger icon={<DeleteOutlined aria-hidden />} disabledReason={editWhy} aria-label="Delete link set"
            onClick={() => handleDelete(row.index)}
          >
            Delete
          </ExplainedButton>
        </Space>
      ),
    },
  ];

  const addButton = (
    <ExplainedButton icon={<PlusOutlined aria-hidden />} disabledReason={addWhy} onClick={() => setDialog({ open: true, index: null })}>
      Add link set
    </ExplainedButton>
  );

  return (
    <div id={id}>
      <DataTable<ProfileRow>
        columns={columns}
        rows={value.map((profile, index) => ({ ...profile, index }))}
        rowKey="index"
        size="small"
        emptyText="No input link sets yet"
        testId="link-set-profiles"
        toolbar={{
          left: addButton,
        }}
      />
      <LinkSetProfileDialog
        open={dialog.open}
        profile={edited}
        linkSets={offered}
        onSubmit={handleSubmit}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
