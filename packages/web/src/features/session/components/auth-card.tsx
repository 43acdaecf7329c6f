import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The frame-less card of the login and setup screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 0 }}>
          LinkLoom
        </Typography.Title>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </Flex>
  );
}
