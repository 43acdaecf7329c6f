import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginRequestSchema } from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { login } from '../api/session-api';
import { useCompleteSignIn } from '../api/use-sign-in';
import { AuthCard } from '../components/auth-card';
import { StatusAlert } from '../components/status-alert';

interface LoginFormValues {
  username: string;
  password: string;
  /** Keep the session across browser restarts (the spec's auto-login flag, default on). */
  autoLogin: boolean;
}

/**
 * /user/login, outside the frame. The status starts empty; a non-ok answer is shown as an error
 * alert above the form; ok stores the name and returns to the remembered route.
 */
export function LoginPage() {
  const [status, setStatus] = useState<string[]>([]);
  const completeSignIn = useCompleteSignIn();
  const mutation = useMutation({ mutationFn: login });

  const handleFinish = async (values: LoginFormValues) => {
    setStatus([]);
    const outcome = await mutation.mutateAsync(values);
    if (outcome.ok) await completeSignIn(outcome.name);
    else setStatus(outcome.lines);
  };

  return (
    <AuthCard title="Sign in">
      <StatusAlert lines={status} />
      <Form<LoginFormValues> name="login" layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleFinish}>
        <Form.Item label="Email or username" name="username" rules={[zodRule(LoginRequestSchema, 'username')]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(LoginRequestSchema, 'password')]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="autoLogin" valuePropName="checked" initialValue>
          <Checkbox>Keep me signed in</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          Login
        </Button>
      </Form>
    </AuthCard>
  );
}
