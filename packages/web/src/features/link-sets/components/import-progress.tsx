import { useState } from 'react';
import { Alert, Progress } from 'antd';
import type { TopicMessage } from '@linkloom/shared';
import { useLiveTopic } from '@/lib/use-live-topic';

type Progressed = Extract<TopicMessage<`url_list/${number}`>, { name: 'importProgress' }>['payload'];

/**
 * How far a file import into this link set is, from the server's importProgress messages (any tab
 * of the user sees it). Shown only while an import runs; it never touches the list or the forms,
 * so nothing typed meanwhile is lost.
 */
export function ImportProgress({ linkSetId }: { linkSetId: number }) {
  const [progress, setProgress] = useState<Progressed | null>(null);
  useLiveTopic(`url_list/${linkSetId}`, (message) => {
    if (message.name !== 'importProgress') return;
    setProgress(message.payload.done ? null : message.payload);
  });
  if (progress === null) return null;
  const percent = progress.totalBytes > 0 ? Math.min(99, Math.floor((progress.readBytes / progress.totalBytes) * 100)) : 0;
  return (
    <Alert
      type="info"
      data-testid="link-import-progress"
      style={{ marginBottom: 12 }}
      message={`Importing links: ${progress.added.toLocaleString('en')} added so far`}
      description={<Progress percent={percent} status="active" aria-label="Import progress" />}
    />
  );
}
