import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_ROUTE } from '@linkloom/shared';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The not-found fallback route (spec 1, section 2). */
export function NotFoundPage() {
  useDocumentTitle('Not found');
  return (
    <Result
      data-testid="not-found"
      status="404"
      title="404"
      subTitle="Sorry, the page you visited does not exist."
      extra={
        <Link to={DEFAULT_ROUTE}>
          <Button type="primary">Back Home</Button>
        </Link>
      }
    />
  );
}
