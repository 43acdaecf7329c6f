import DOMPurify from 'dompurify';
import { Empty } from 'antd';

/** A diagram's description read-only (built-in diagrams), sanitised before it is shown. */
export function DescriptionView({ html }: { html: string }) {
  if (html.trim() === '') return <Empty description="No description" />;
  // Stored HTML is sanitised on the server too; sanitising here keeps an old or imported row harmless.
  return <div className="ql-editor" data-testid="description-view" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />;
}
