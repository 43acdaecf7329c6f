import { useState, type Key } from 'react';
import { Button, Checkbox, Form, Input, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  DISABLED_REASONS, OptionsSchema, PROXY_CHECK_MESSAGES, PROXY_MESSAGES, proxyKey, type OptionsResponse, type ProxyMonitorState, type ProxyRow,
} from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { TextImportDialog } from '@/components/text-import-dialog';
import { useConfirm } from '@/components/confirm-delete';
import { useLiveTopic } from '@/lib/use-live-topic';
import { writeLiveChange } from '@/lib/live-cache';
import { toastFailure } from '@/lib/action-feedback';
import { reportImport } from '@/lib/import-outcome';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { optionKeys, proxiesAddedOutcome, useAddProxies, useDeleteProxies, useProxyMonitor } from '../api/options-api';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import { ExplainedButton } from '@/components/disabled-reason';
import type { OptionsTabProps } from './options-tabs';

const STATUS_COLOURS = { NEW: 'default', WORKING: 'green', FAILED: 'red' } as const;
const rowKey = (row: ProxyRow) => proxyKey({ host: row.id.address, port: row.id.port });

/** The monitor's button: Check (NEW), Stop checking (CHECKING), a disabled Stopping (STOPPING). */
function MonitorButton({ state, busy, onPress }: { state: ProxyMonitorState; busy: boolean; onPress: () => void }) {
  if (state === 'STOPPING') return <ExplainedButton disabledReason={DISABLED_REASONS.proxyStopping} data-testid="proxy-stopping">Stopping</ExplainedButton>;
  return (
    <Button loading={busy} onClick={onPress} data-testid={state === 'CHECKING' ? 'proxy-stop' : 'proxy-check'}>
      {state === 'CHECKING' ? 'Stop checking' : 'Check'}
    </Button>
  );
}

/**
 * Proxy: Use Proxy, the judge URL checks fetch, Add / Delete / Check; the table (IP Address, Port,
 * Status) follows the live `proxies` topic: rows change as each proxy's check ends, the button
 * follows the monitor.
 */
export function ProxyTab({ data }: OptionsTabProps) {
  const queryClient = useQueryClient();
  const addProxies = useAddProxies();
  const deleteProxies = useDeleteProxies();
  const monitor = useProxyMonitor();
  const { confirmDelete } = useConfirm();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);

  useLiveTopic('proxies', (live) => {
    writeLiveChange<OptionsResponse>(queryClient, optionKeys.all, (previous) => {
      if (live.name === 'proxyMonitorStateChanged') return { ...previous, proxyMonitorState: live.payload.proxyMonitorState };
      if (live.name === 'proxyStatusChanged') {
        const changed = new Map(live.payload.proxies.map((row) => [rowKey(row), row]));
        const kept = previous.proxies.map((row) => changed.get(rowKey(row)) ?? row);
        const known = new Set(kept.map(rowKey));
        return { ...previous, proxies: [...kept, ...live.payload.proxies.filter((row) => !known.has(rowKey(row)))] };
      }
      const gone = new Set(live.payload.ids.map((id) => proxyKey({ host: id.address, port: id.port })));
      return { ...previous, proxies: previous.proxies.filter((row) => !gone.has(rowKey(row))) };
    });
  });

  // The good lines are saved; the refused ones stay in the box, numbered, to be fixed (a list
  // without one good line is refused whole: the failure notice names its lines).
  const handleAdd = async (text: string) => {
    const outcome = proxiesAddedOutcome(await addProxies.mutateAsync(text));
    reportImport(outcome);
    return outcome.refused;
  };

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: PROXY_MESSAGES.deleteConfirm }))) return;
    const rows = data.proxies.filter((row) => selected.includes(rowKey(row)));
    await deleteProxies.mutateAsync(rows.map((row) => row.id));
    setSelected([]);
  };

  const handleMonitor = async () => {
    try {
      await monitor.mutateAsync(data.proxyMonitorState === 'CHECKING' ? 'stop_checking' : 'check');
    } catch (error) {
      toastFailure(PROXY_CHECK_MESSAGES.failed, error);
    }
  };

  return (
    <div data-testid="proxy-tab">
      <Form.Item name="useProxy" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox data-testid="option-useProxy">Use Proxy</Checkbox>
      </Form.Item>
      <Form.Item
        name="proxyJudgeUrl" label="Judge URL (what a check fetches through each proxy; empty: the built-in one)"
        rules={[zodRule(OptionsSchema.pick({ proxyJudgeUrl: true }), 'proxyJudgeUrl')]} validateTrigger={VALIDATE_ON}
      >
        <Input placeholder="http://www.gstatic.com/generate_204" data-testid="option-proxyJudgeUrl" />
      </Form.Item>
      <DataTable<ProxyRow>
        testId="proxy-table" urlState={{ prefix: 'proxies' }}
        rows={data.proxies}
        rowKey={rowKey}
        loading={addProxies.isPending || deleteProxies.isPending}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        keyColumns={['address']}
        toolbar={{
          left: (
            <Space>
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-proxies">Add</Button>
              <DeleteSelectedButton selected={selected.length} onClick={() => void handleDelete()} testId="delete-proxies" />
              <MonitorButton state={data.proxyMonitorState} busy={monitor.isPending} onPress={() => void handleMonitor()} />
            </Space>
          ),
        }}
        columns={[
          { key: 'address', title: 'IP Address', render: (_, row) => row.id.address, sorter: (a, b) => a.id.address.localeCompare(b.id.address) },
          { key: 'port', title: 'Port', render: (_, row) => row.id.port, sorter: (a, b) => a.id.port - b.id.port },
          {
            key: 'status', title: 'Status',
            render: (_, row) => {
              const detail = row.proxyStatus === 'WORKING' ? `${row.protocol === 'socks5' ? 'SOCKS5' : 'HTTP'}, ${row.latencyMs ?? '?'} ms` : row.reason;
              return (
                <Tooltip title={detail}>
                  <Tag color={STATUS_COLOURS[row.proxyStatus]} data-testid="proxy-status">{row.proxyStatus}</Tag>
                  {detail && <span data-testid="proxy-detail">{detail}</span>}
                </Tooltip>
              );
            },
          },
        ]}
      />
      <TextImportDialog
        open={adding}
        title="Add New Proxies"
        label="One proxy per line: ip:port or ip:port:username:password"
        placeholder={'192.0.2.10:8080\n192.0.2.11:3128:username:password'}
        requiredMessage={PROXY_MESSAGES.required}
        onSubmit={handleAdd}
        onClose={() => setAdding(false)}
        testId="add-proxies-dialog"
      />
    </div>
  );
}
