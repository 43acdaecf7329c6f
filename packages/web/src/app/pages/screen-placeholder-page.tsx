import { Typography } from 'antd';
import type { ScreenRoute } from '@linkloom/shared';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Stands in for a screen whose feature is not built yet: its title and trail only, nothing that
 * pretends to work. One generic component for every such route (see app/screens.tsx).
 */
export function ScreenPlaceholderPage({ route }: { route: ScreenRoute }) {
  useDocumentTitle(route.title);
  return (
    <div data-testid="screen-placeholder" data-screen={route.path}>
      <PageBreadcrumbs items={[{ title: route.title }]} />
      <Typography.Title level={3}>{route.title}</Typography.Title>
      <Typography.Paragraph type="secondary">This screen is not available yet.</Typography.Paragraph>
    </div>
  );
}
