import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_ROUTE } from '@linkloom/shared';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The not-found page (spec 1 §2): an unknown route, and a screen whose id does not exist or is
 * not the user's (/campaign/999, a deleted link set…) instead of an empty title and an error toast.
 */
export function NotFoundResult() {
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
