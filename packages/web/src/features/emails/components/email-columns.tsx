import type { TableColumnsType } from 'antd';
import { BorderOutlined, CheckSquareOutlined } from '@ant-design/icons';
import type { UserEmailRow } from '@linkloom/shared';
import { SecretCell } from '@/components/secret-cell';
import { textColumnFilter } from '@/components/text-column-filter';

type TextKey = 'address' | 'login' | 'password' | 'server' | 'port' | 'protocol' | 'ssl' | 'used';

/** The text a column is searched by (booleans as true / false, the protocol as shown). */
function searchText(row: UserEmailRow, key: TextKey): string {
  if (key === 'protocol') return row.protocol.toUpperCase();
  if (key === 'ssl') return String(row.ssl);
  return String(row[key]);
}

/** A column's text search, filtered here in the browser (the list is loaded whole). */
function searchable(label: string, key: TextKey) {
  const { filteredValue: _controlled, ...dropdown } = textColumnFilter<UserEmailRow>(label, undefined, key);
  return {
    ...dropdown,
    onFilter: (value: unknown, row: UserEmailRow) => searchText(row, key).toLowerCase().includes(String(value).toLowerCase()),
  };
}

/** A yes / no cell as a checkbox icon (spec: SSL and Used). */
function CheckIcon({ on, testId }: { on: boolean; testId: string }) {
  return on
    ? <CheckSquareOutlined aria-label="yes" data-testid={testId} data-on="true" style={{ color: '#1677ff' }} />
    : <BorderOutlined aria-label="no" data-testid={testId} data-on="false" style={{ color: '#bfbfbf' }} />;
}

/** The email manager's columns (spec 2 §2): each with a text search; Port, SSL and Used 80 wide, Protocol 100. */
export const EMAIL_COLUMNS: TableColumnsType<UserEmailRow> = [
  { title: 'Email Address', key: 'address', dataIndex: 'address', ellipsis: true, ...searchable('Email Address', 'address') },
  { title: 'Email Login', key: 'login', dataIndex: 'login', ellipsis: true, ...searchable('Email Login', 'login') },
  { title: 'Email Password', key: 'password', render: (_, row) => <SecretCell value={row.password} label={row.address} />, ...searchable('Email Password', 'password') },
  { title: 'Email Server', key: 'server', dataIndex: 'server', ellipsis: true, ...searchable('Email Server', 'server') },
  { title: 'Port', key: 'port', dataIndex: 'port', width: 80, ...searchable('Port', 'port') },
  { title: 'Protocol', key: 'protocol', width: 100, render: (_, row) => row.protocol.toUpperCase(), ...searchable('Protocol', 'protocol') },
  {
    title: 'SSL', key: 'ssl', width: 80, align: 'center', ...searchable('SSL', 'ssl'),
    render: (_, row) => <CheckIcon on={row.ssl} testId="email-ssl" />,
  },
  {
    title: 'Used', key: 'used', width: 80, align: 'center', ...searchable('Used', 'used'),
    render: (_, row) => <CheckIcon on={row.used} testId="email-used" />,
  },
];
