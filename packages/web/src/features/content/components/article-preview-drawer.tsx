import { useMemo } from 'react';
import { Button, Drawer, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import DOMPurify from 'dompurify';

/**
 * The body as HTML with everything that could run removed (scripts, event handlers, javascript:
 * links, iframes): an article may come from an upload or an outside source.
 */
export function sanitiseArticleHtml(body: string): string {
  return DOMPurify.sanitize(body, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}

/** Preview drawer of the article editor: title and sanitised body, re-read on Refresh. */
export function ArticlePreviewDrawer(props: { open: boolean; title: string; body: string; onRefresh: () => void; onClose: () => void }) {
  const { open, title, body, onRefresh, onClose } = props;
  const html = useMemo(() => sanitiseArticleHtml(body), [body]);
  return (
    <Drawer
      open={open} onClose={onClose} size="large" title="Preview" data-testid="article-preview"
      extra={<Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid="preview-refresh">Refresh</Button>}
    >
      <Typography.Title level={3} data-testid="preview-title">{title}</Typography.Title>
      {/* Sanitised by DOMPurify just above; plain-text bodies keep their line breaks. */}
      <div data-testid="preview-body" style={{ whiteSpace: 'pre-wrap' }} dangerouslySetInnerHTML={{ __html: html }} />
    </Drawer>
  );
}
