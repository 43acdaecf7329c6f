import { useState } from 'react';
import { Checkbox, Form, Modal, Typography } from 'antd';
import type { BacklinksExportFormat } from '@linkloom/shared';
import { formDialogButtons } from '../form-dialog-buttons';
import { downloadBacklinksExport, type BacklinksTarget } from './backlinks-export';

/** A Backlinks download the user asked for: what, and as which file. */
export interface BacklinksExportRequest {
  target: BacklinksTarget;
  format: BacklinksExportFormat;
}

interface ExportChoices {
  onlyLive?: boolean;
  withInputs?: boolean;
}

const FORMAT_NAMES: Record<BacklinksExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

/**
 * The Backlinks export's choices before the download: only live links (for an indexer or a
 * client) and the input (money) links apart — a second sheet in Excel, a second file in a zip for
 * CSV. OK downloads; the dialog closes when the file is saved and stays open after a failure (one
 * toast says why). `request` is kept while it closes, so its title does not change under the motion.
 */
export function BacklinksExportDialog({ open, request, onClose }: { open: boolean; request: BacklinksExportRequest | null; onClose: () => void }) {
  const [form] = Form.useForm<ExportChoices>();
  const [downloading, setDownloading] = useState(false);
  const format = request?.format ?? 'csv';
  const what = request?.target.scope === 'campaign' ? 'every link set of the campaign' : `the link set "${request?.target.name ?? ''}"`;

  const handleFinish = async (choices: ExportChoices) => {
    if (!request) return;
    setDownloading(true);
    // An untouched checkbox may come back undefined: only a tick is a yes.
    const saved = await downloadBacklinksExport(request.target, { format, onlyLive: choices.onlyLive === true, part: choices.withInputs === true ? 'both' : 'published' });
    setDownloading(false);
    if (saved !== null) onClose();
  };

  return (
    <Modal
      open={open && request !== null}
      title={`Backlinks (${FORMAT_NAMES[format]})`}
      {...formDialogButtons({ okText: 'Download', busy: downloading, onCancel: onClose, okTestId: 'backlinks-export-ok' })}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<ExportChoices> form={form} layout="vertical" initialValues={{ onlyLive: false, withInputs: false }} onFinish={handleFinish} clearOnDestroy data-testid="backlinks-export-dialog">
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">
        The links published for {what}: one row per backlink with its target, anchor, tier, site, platform, status and dofollow.
      </Typography.Paragraph>
      <Form.Item name="onlyLive" valuePropName="checked" extra="Leaves out missing, dead and pending links: what you hand to an indexer or a client." style={{ marginBottom: 12 }}>
        <Checkbox data-testid="backlinks-export-only-live">Only live links</Checkbox>
      </Form.Item>
      <Form.Item name="withInputs" valuePropName="checked" extra={format === 'xlsx' ? 'On a second sheet.' : 'As a second file: the download is a zip.'}>
        <Checkbox data-testid="backlinks-export-inputs">Input (money) links too</Checkbox>
      </Form.Item>
    </Modal>
  );
}
