import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { Navigate } from 'react-router';
import {
  LOGIN_ROUTE, SETUP_MESSAGES, SetupCodeFieldSchema, SetupRequestSchema, type SetupRequest, type SetupStatus,
} from '@linkloom/shared';
import { FullPageSpin } from '@/components/full-page-spin';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { createFirstAccount, sessionKeys } from '../api/session-api';
import { useSetupStatusQuery } from '../api/use-session-queries';
import { useCompleteSignIn } from '../api/use-sign-in';
import { AuthCard } from '../components/auth-card';
import { StatusAlert } from '../components/status-alert';

/** /user/setup: the first run's "create your account" screen, only while no user exists. */
export function SetupPage() {
  const setupStatus = useSetupStatusQuery();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const completeSignIn = useCompleteSignIn();
  const [lines, setLines] = useState<string[]>([]);
  // Set on success so the "setup already done" redirect below does not race the sign-in navigation.
  const [done, setDone] = useState(false);
  const mutation = useMutation({ mutationFn: createFirstAccount });

  const markSetupDone = () => queryClient.setQueryData<SetupStatus>(sessionKeys.setupStatus, { setupRequired: false, setupCodeRequired: false });
  // Away from the server's own machine the first account needs the code the server printed in its log.
  const setupCodeRequired = setupStatus.data?.setupCodeRequired === true;

  const handleFinish = async (values: SetupRequest) => {
    setLines([]);
    const outcome = await mutation.mutateAsync(values);
    if (outcome.ok) {
      setDone(true);
      markSetupDone();
      await completeSignIn(outcome.name);
      return;
    }
    if (outcome.status === 409) {
      // Someone created the first account meanwhile: say so and move on to the login screen.
      void message.info(outcome.lines[0]);
      markSetupDone();
      return;
    }
    setLines(outcome.lines);
  };

  if (setupStatus.isPending || done) return <FullPageSpin />;
  if (setupStatus.data?.setupRequired === false) return <Navigate to={LOGIN_ROUTE} replace />;

  return (
    <AuthCard title="Create your account" subtitle="No account exists yet. The account you create here signs in to this LinkLoom.">
      <StatusAlert lines={lines} />
      <Form<SetupRequest> name="setup" layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleFinish}>
        <Form.Item label="Email or username" name="username" rules={[zodRule(SetupRequestSchema, 'username')]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(SetupRequestSchema, 'password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirmPassword"
          dependencies={['password']}
          rules={[zodRule(SetupRequestSchema, 'confirmPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {setupCodeRequired && (
          <Form.Item
            label="Setup code"
            name="setupCode"
            extra={SETUP_MESSAGES.setupCodeHelp}
            rules={[zodRule(SetupCodeFieldSchema, 'setupCode')]}
          >
            <Input autoComplete="one-time-code" placeholder="XXXX-XXXX-XXXX" data-testid="setup-code" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          Create account
        </Button>
      </Form>
    </AuthCard>
  );
}
