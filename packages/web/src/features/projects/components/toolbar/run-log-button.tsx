import { Button } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { useRunLogDrawer } from '../run-log/use-run-log-drawer';

/** The toolbar's Run log button (issue 35 item 2): the whole project's run log in a drawer. */
export function RunLogButton({ projectId }: { projectId: number }) {
  const runLog = useRunLogDrawer(projectId);
  return (
    <>
      <Button icon={<ProfileOutlined aria-hidden />} onClick={() => runLog.show(null)} data-testid="run-log-button">Run log</Button>
      {runLog.drawer}
    </>
  );
}
