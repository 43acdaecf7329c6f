import { Button, Dropdown, type MenuProps } from 'antd';
import { KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@/features/session';
import { useStoredName } from '@/lib/use-stored-name';
import { COMING_SOON, isScreenBuilt } from '@/lib/built-screens';

/** The menu's items; Options is disabled with "coming" until its screen is built. */
const menuItems = (): MenuProps['items'] => [
  isScreenBuilt('/options')
    ? {
      key: 'options',
      icon: <SettingOutlined />,
      // Options opens in a new tab (spec 1, section 2).
      label: (
        <a href="#/options" target="_blank" rel="noopener noreferrer">
          Options
        </a>
      ),
    }
    : { key: 'options', icon: <SettingOutlined />, disabled: true, title: `Options (${COMING_SOON})`, label: <span data-testid="options-coming">Options</span> },
  {
    key: 'api-tokens',
    icon: <KeyOutlined />,
    label: (
      <a href="#/api-tokens" data-testid="api-tokens-item">
        API tokens
      </a>
    ),
  },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout-item">Logout</span> },
];

/** The header's user menu: the stored name, Options, API tokens and Logout. */
export function UserMenu() {
  const name = useStoredName();
  const logout = useLogout();
  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout();
  };
  return (
    <Dropdown menu={{ items: menuItems(), onClick: handleClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu" title={name ?? undefined} style={{ minWidth: 0, maxWidth: '100%' }}>
        {/* A long name ends in an ellipsis where the header runs out of room (a phone), the whole name in the title. */}
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>{name}</span>
      </Button>
    </Dropdown>
  );
}
