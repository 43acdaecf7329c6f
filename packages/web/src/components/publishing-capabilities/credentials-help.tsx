import { Typography } from 'antd';
import { siteCredentialsHelp } from './site-credentials-help';

/**
 * What a site's login and password hold on its platform (the catalogue's words), for the address
 * and module typed so far: one platform when the address names a hosted service, else the
 * module's platforms. Meant as a form field's `extra` under the password.
 */
export function CredentialsHelp({ url, module }: { url: string | undefined; module: string | undefined }) {
  const help = siteCredentialsHelp(url, module);
  if (help.platforms.length === 0 && help.note === null) {
    return <span data-testid="credentials-help">Choose the module (or enter a hosted blog's address) to see what the login and password hold on its platform.</span>;
  }
  return (
    <div data-testid="credentials-help" data-recognised={help.recognised}>
      {help.note && <Typography.Text type="warning" style={{ display: 'block' }} data-testid="credentials-help-note">{help.note}</Typography.Text>}
      {help.platforms.length > 0 && (
        <>
          <span>{help.recognised ? 'This address is a site of:' : 'What the login and password hold, by platform:'}</span>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {help.platforms.map((platform) => (
              <li key={platform.name} data-platform={platform.name}><strong>{platform.name}</strong>: {platform.credentials}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
