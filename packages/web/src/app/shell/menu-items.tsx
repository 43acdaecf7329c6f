import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BulbOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  MailOutlined,
  RocketOutlined,
  SettingOutlined,
  SnippetsOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { MENU_ENTRIES, type MenuEntry } from '@linkloom/shared';
import { COMING_SOON, isScreenBuilt } from '@/lib/built-screens';

const ICONS: Readonly<Record<string, ReactNode>> = {
  campaigns: <AppstoreOutlined />,
  content: <FileTextOutlined />,
  blurbs: <SnippetsOutlined />,
  diagrams: <ApartmentOutlined />,
  'email-manager': <MailOutlined />,
  'custom-sites-old': <GlobalOutlined />,
  'private-network': <ClusterOutlined />,
  xwizard: <ThunderboltOutlined />,
  wizard: <BulbOutlined />,
  'turbo-wizard': <RocketOutlined />,
  'site-selection': <CheckSquareOutlined />,
  settings: <SettingOutlined />,
  changelog: <HistoryOutlined />,
};

/** Real links, so middle-click and "open in new tab" work as users expect. */
function entryLink(entry: MenuEntry): ReactNode {
  if (!entry.newTab) return <Link to={entry.to}>{entry.label}</Link>;
  // In-app targets opened in a new tab need the hash form; external ones are server paths.
  const href = entry.external ? entry.to : `#${entry.to}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {entry.label}
    </a>
  );
}

type MenuItems = NonNullable<MenuProps['items']>;

/** Whether an entry leads somewhere real: a server page, or an in-app screen that is built. */
function isOffered(entry: MenuEntry): boolean {
  return entry.external === true || isScreenBuilt(entry.to);
}

/**
 * The side menu's items from shared MENU_ENTRIES, in the spec's order. An entry whose screen is
 * not built yet stays in its place, disabled, with a tooltip saying it is coming (no dead ends).
 */
export function sideMenuItems(): MenuItems {
  return MENU_ENTRIES.map((entry) => {
    const offered = isOffered(entry);
    return {
      key: entry.key,
      icon: ICONS[entry.key],
      disabled: !offered,
      label: offered ? entryLink(entry) : <span data-testid={`menu-coming-${entry.key}`}>{entry.label}</span>,
      // A disabled item takes no pointer events inside: its own title is the tooltip that says why.
      title: `${entry.legacy ? `${entry.label} (legacy)` : entry.label}${offered ? '' : ` (${COMING_SOON})`}`,
    };
  });
}
