import { Flex, Spin } from 'antd';

/** Shown while the app checks who is signed in, before any screen can render. */
export function FullPageSpin() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
