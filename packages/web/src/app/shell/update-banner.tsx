import { useMemo } from 'react';
import { Alert } from 'antd';
import { updateBannerText } from '@linkloom/shared';
import { appVersions } from '@/lib/app-meta';

/**
 * "There is a new version" banner, driven by the versions the server wrote into the page; off when
 * no latest version is configured or the value is an unreplaced template (SCOPE.md).
 */
export function UpdateBanner() {
  const text = useMemo(() => {
    const { version, latestVersion } = appVersions();
    return updateBannerText(version, latestVersion);
  }, []);
  if (text === null) return null;
  return <Alert data-testid="update-banner" type="warning" banner showIcon title={text} style={{ marginBottom: 16 }} />;
}
