import { Layout, Space, Typography } from 'antd';
import { FOOTER_LINKS, FOOTER_TAGLINE } from '@linkloom/shared';

/** Footer: Help, Privacy, Terms (server pages, plain links) and the tagline. */
export function AppFooter() {
  return (
    <Layout.Footer style={{ textAlign: 'center' }} data-testid="app-footer">
      <Space separator={<Typography.Text type="secondary">|</Typography.Text>}>
        {FOOTER_LINKS.map((link) => (
          <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        ))}
      </Space>
      <div>
        <Typography.Text type="secondary">LinkLoom · {FOOTER_TAGLINE}</Typography.Text>
      </div>
    </Layout.Footer>
  );
}
