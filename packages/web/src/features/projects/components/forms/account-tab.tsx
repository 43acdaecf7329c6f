import { Col, Form, Input, Row, Select } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { DISABLED_REASONS, type RandomInfo } from '@linkloom/shared';
import { ExplainedButton } from '@/components/disabled-reason';
import { accountRule } from '../../lib/project-rules';
import { namedCountOptions, type NamedCount } from './field-options';
import { useRandomInfo } from './use-random-info';

/** The fields Generate fills, in the order they show. */
const GENERATED: (keyof RandomInfo)[] = ['firstName', 'lastName', 'username', 'password', 'blogTitle', 'blogName'];

/**
 * Account tab of an account creation project (spec 1 §3): the account profile the new accounts
 * go to and the identity they are created with. Generate fills the identity with made-up data.
 */
export function AccountTab(props: { editing: boolean; profiles: NamedCount[]; campaignId?: number }) {
  const { editing, profiles, campaignId } = props;
  const form = Form.useFormInstance();
  const randomInfo = useRandomInfo(campaignId);
  const disabled = !editing;
  const rules = (field: string) => [accountRule(field)];

  const handleGenerate = async () => {
    // A failed call was already shown by the HTTP client; the form keeps what it had.
    const info = await randomInfo.mutateAsync().catch(() => null);
    if (info === null) return;
    form.setFieldsValue(Object.fromEntries(GENERATED.map((field) => [field, info[field]])));
    form.validateFields(GENERATED).catch(() => undefined);
  };

  return (
    <>
      <Form.Item name="profileId" label="Profile" rules={rules('profileId')} required extra="The account profile that receives the created accounts.">
        <Select<number>
          options={namedCountOptions(profiles)}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled}
          placeholder="Select a profile"
          notFoundContent="This campaign has no account profiles"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="firstName" label="First name" rules={rules('firstName')} required>
            <Input disabled={disabled} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lastName" label="Last name" rules={rules('lastName')} required>
            <Input disabled={disabled} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="username" label="Username" rules={rules('username')} required>
            <Input disabled={disabled} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="password" label="Password" rules={rules('password')} required>
            <Input.Password disabled={disabled} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="blogTitle" label="Blog title">
            <Input disabled={disabled} placeholder="Generated when empty" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="blogName" label="Blog name">
            <Input disabled={disabled} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <ExplainedButton
        icon={<ThunderboltOutlined aria-hidden />} disabledReason={disabled ? DISABLED_REASONS.pressEdit : null}
        loading={randomInfo.isPending} onClick={() => void handleGenerate()}
      >
        Generate
      </ExplainedButton>
    </>
  );
}
