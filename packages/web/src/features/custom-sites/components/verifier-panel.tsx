import { Button, Space, Tag, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { SiteVerifierProgress, SiteVerifierStatus } from '@linkloom/shared';
import { useSiteVerifier } from '../api/custom-sites-api';

const COLOURS: Record<SiteVerifierStatus, string> = { NEW: 'default', CHECKING: 'processing', DONE: 'success', STOPPED: 'warning' };
const WORDS: Record<SiteVerifierStatus, string> = { NEW: 'Not run', CHECKING: 'Checking', DONE: 'Done', STOPPED: 'Stopped' };

/**
 * The platform verifier's status (NEW → CHECKING → DONE / STOPPED, updated live) with how many
 * sites it has probed, and Start / Stop.
 */
export function VerifierPanel({ status, progress, waitInfo }: { status: SiteVerifierStatus; progress: SiteVerifierProgress; waitInfo: string | null }) {
  const verifier = useSiteVerifier();
  const checking = status === 'CHECKING';
  return (
    <Space wrap data-testid="verifier-panel" data-status={status}>
      <Typography.Text>Verifier:</Typography.Text>
      <Tag color={COLOURS[status]} data-testid="verifier-status">{WORDS[status]}</Tag>
      {status !== 'NEW' && (
        <Typography.Text type="secondary" data-testid="verifier-progress">{progress.checked} of {progress.total} sites checked</Typography.Text>
      )}
      {checking
        ? <Button icon={<PauseCircleOutlined />} loading={verifier.isPending} onClick={() => verifier.mutate('stop')} data-testid="verifier-stop">Stop</Button>
        : <Button icon={<PlayCircleOutlined />} loading={verifier.isPending} onClick={() => verifier.mutate('start')} data-testid="verifier-start">Start</Button>}
      {/* Why a run probes nothing now (Use Proxy on, no live proxy): it goes on by itself once one is. */}
      {checking && waitInfo && <Typography.Text type="warning" data-testid="verifier-wait">{waitInfo}</Typography.Text>}
    </Space>
  );
}
