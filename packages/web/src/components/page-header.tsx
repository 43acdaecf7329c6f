import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageBreadcrumbs, type BreadcrumbStep } from './page-breadcrumbs';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** Heading, e.g. 'Campaign: Spring launch'; also the tab title unless `documentTitle` is given. */
  title: string;
  /** Steps after Home; the last one is usually the current screen without `to`. */
  breadcrumbs?: readonly BreadcrumbStep[];
  /** Right-aligned controls beside the title (the scheduler switch). */
  extra?: ReactNode;
  /** Tab title when it differs from the heading. */
  documentTitle?: string;
  /** Shown while the screen's record loads (the title would otherwise read 'Campaign: '). */
  loading?: boolean;
}

/**
 * Top of every screen: breadcrumbs, a level-3 title, optional controls on the right, and the
 * browser tab title ("{title} - LinkLoom").
 */
export function PageHeader({ title, breadcrumbs, extra, documentTitle, loading = false }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <header data-testid="page-header">
      {breadcrumbs && <PageBreadcrumbs items={breadcrumbs} />}
      <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
          {loading ? <Typography.Text type="secondary">Loading…</Typography.Text> : title}
        </Typography.Title>
        {extra !== undefined && <div data-testid="page-header-extra">{extra}</div>}
      </Flex>
    </header>
  );
}
