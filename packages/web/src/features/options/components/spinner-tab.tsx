import { useState } from 'react';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Select, Slider, Space } from 'antd';
import { DollarOutlined, ExperimentOutlined } from '@ant-design/icons';
import { CONTENT_TOOLS_MESSAGES, SPINNER_SERVICES, type SpinnerService } from '@linkloom/shared';
import { checkSpinnerBalance, testSpinner } from '../api/content-tools-api';
import type { OptionsTabProps } from './options-tabs';

interface Field {
  name: string;
  label: string;
  kind: 'text' | 'secret' | 'flag' | 'choice' | 'slider';
  choices?: readonly (readonly [number, string])[];
}

/** Each third-party service's settings group and fields (spec 3 section 3); the first two are the test's username and password. */
const SERVICES: Record<Exclude<SpinnerService, 'BuiltIn'>, { group: string; balance: boolean; fields: readonly Field[] }> = {
  TheBestSpinner: {
    group: 'tbs', balance: true,
    fields: [
      { name: 'username', label: 'Username', kind: 'text' }, { name: 'password', label: 'Password', kind: 'secret' },
      { name: 'quality', label: 'Quality', kind: 'choice', choices: [[1, 'Best'], [2, 'Better'], [3, 'Good']] },
      { name: 'maxSyns', label: 'Max Synonyms', kind: 'slider' },
    ],
  },
  SpinRewriter: {
    group: 'spinRewriter', balance: true,
    fields: [
      { name: 'email', label: 'Email', kind: 'text' }, { name: 'apiKey', label: 'API key', kind: 'secret' },
      { name: 'confidenceLevel', label: 'Confidence level', kind: 'choice', choices: [[1, 'Low'], [2, 'Medium'], [3, 'High']] },
      { name: 'protectedTerms', label: 'Protect capitalized words', kind: 'flag' }, { name: 'paragraphs', label: 'Rewrite paragraphs', kind: 'flag' },
      { name: 'sentences', label: 'Rewrite sentences', kind: 'flag' }, { name: 'nestedSpintax', label: 'Nested spintax', kind: 'flag' },
      { name: 'newParagraphs', label: 'Write new paragraphs', kind: 'flag' }, { name: 'sentenceTrees', label: 'Change sentence structure', kind: 'flag' },
    ],
  },
  WordAI: {
    group: 'wordAi', balance: true,
    fields: [
      { name: 'email', label: 'Email', kind: 'text' }, { name: 'password', label: 'API key', kind: 'secret' },
      { name: 'quality', label: 'Quality', kind: 'choice', choices: [[1, 'Regular'], [2, 'Unique'], [3, 'Very Unique'], [4, 'Readable'], [5, 'Very Readable']] },
      { name: 'nonested', label: 'No nested spintax', kind: 'flag' }, { name: 'sentence', label: 'Spin sentences', kind: 'flag' }, { name: 'paragraph', label: 'Spin paragraphs', kind: 'flag' },
    ],
  },
  ESpinner: { group: 'eSpinner', balance: false, fields: [{ name: 'email', label: 'Email', kind: 'text' }, { name: 'apiKey', label: 'API key', kind: 'secret' }] },
  Spinea: { group: 'spinea', balance: false, fields: [{ name: 'email', label: 'Email', kind: 'text' }, { name: 'apiKey', label: 'API key', kind: 'secret' }] },
  SpinnerBR: { group: 'spinnerBR', balance: false, fields: [{ name: 'username', label: 'Username', kind: 'text' }, { name: 'apiKey', label: 'API key', kind: 'secret' }] },
  SpinnerComBr: { group: 'spinnerComBr', balance: false, fields: [{ name: 'apiKey', label: 'API key', kind: 'secret' }] },
};

function SettingField({ group, field }: { group: string; field: Field }) {
  const name = ['spinners', group, field.name];
  const testId = `spinner-${group}-${field.name}`;
  switch (field.kind) {
    case 'flag':
      return <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}><Checkbox data-testid={testId}>{field.label}</Checkbox></Form.Item>;
    case 'choice':
      return <Form.Item name={name} label={field.label}><Select style={{ width: 200 }} options={field.choices?.map(([value, label]) => ({ value, label }))} data-testid={testId} /></Form.Item>;
    case 'slider':
      return <Form.Item name={name} label={field.label}><Slider ariaLabelForHandle={field.label} min={1} max={8} style={{ maxWidth: 320 }} data-testid={testId} /></Form.Item>;
    case 'secret':
      return <Form.Item name={name} label={field.label}><Input.Password data-testid={testId} /></Form.Item>;
    default:
      return <Form.Item name={name} label={field.label}><Input data-testid={testId} /></Form.Item>;
  }
}

/**
 * Spinner (spec 3 sections 2 and 4): the spinner service (the first third-party one by default),
 * its settings, balance check with a loading state, and a test area (POST /action/spin/test with
 * the credentials as typed); changing the service clears the test result.
 */
export function SpinnerTab(_props: OptionsTabProps) {
  const form = Form.useFormInstance<Record<string, unknown>>();
  const { message } = App.useApp();
  const service = (Form.useWatch('spinnerService', form) ?? 'TheBestSpinner') as SpinnerService;
  const [text, setText] = useState('The quick brown fox jumps over the lazy dog in the garden.');
  const [result, setResult] = useState('');
  const [testing, setTesting] = useState(false);
  const [checking, setChecking] = useState(false);
  const spec = service === 'BuiltIn' ? null : SERVICES[service];

  const credentials = () => {
    if (!spec) return { username: '', password: '' };
    const values = (form.getFieldValue(['spinners', spec.group]) ?? {}) as Record<string, unknown>;
    const [first, second] = spec.fields;
    const read = (field: Field | undefined) => (field && (field.kind === 'text' || field.kind === 'secret') ? String(values[field.name] ?? '') : '');
    // A service with one field (its API key) sends it as the password.
    return second && (second.kind === 'text' || second.kind === 'secret') ? { username: read(first), password: read(second) } : { username: '', password: read(first) };
  };

  const handleTest = async () => {
    setTesting(true);
    try {
      const outcome = await testSpinner({ spinnerService: service, ...credentials(), body: text });
      if (outcome.ok) setResult(outcome.value);
      else void message.error({ content: outcome.message ? `Error: ${outcome.message}` : CONTENT_TOOLS_MESSAGES.spinnerTest, duration: outcome.message ? 5 : 3 });
    } finally {
      setTesting(false);
    }
  };

  const handleBalance = async () => {
    setChecking(true);
    try {
      const outcome = await checkSpinnerBalance({ spinnerService: service, ...credentials() });
      if (outcome.ok) void message.info({ content: outcome.value, duration: 5 });
      else void message.error({ content: outcome.message ? `Error: ${outcome.message}` : CONTENT_TOOLS_MESSAGES.spinnerTest, duration: outcome.message ? 5 : 3 });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div data-testid="spinner-tab" style={{ maxWidth: 720 }}>
      <Form.Item name="spinnerService" label="Spinner service">
        <Select
          style={{ width: 260 }} data-testid="spinner-service" onChange={() => setResult('')}
          options={SPINNER_SERVICES.map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      {spec ? spec.fields.map((field) => <SettingField key={field.name} group={spec.group} field={field} />) : (
        <Alert
          type="info" showIcon style={{ marginBottom: 16 }} data-testid="spinner-built-in-note"
          title="The built-in spinner needs no account: it expands spintax and replaces words with WordNet synonyms, keeping the content group's protected words, links and HTML as they are."
        />
      )}
      <Flex vertical gap={8}>
        <Input.TextArea aria-label="Text to spin" value={text} onChange={(event) => setText(event.target.value)} autoSize={{ minRows: 3 }} data-testid="spinner-test-text" />
        <Space>
          <Button icon={<ExperimentOutlined />} loading={testing} onClick={() => void handleTest()} data-testid="spinner-test">Test</Button>
          {spec?.balance && <Button icon={<DollarOutlined />} loading={checking} onClick={() => void handleBalance()} data-testid="spinner-balance">Check balance</Button>}
        </Space>
        <Input.TextArea aria-label="Spun text" value={result} readOnly autoSize={{ minRows: 3 }} placeholder="The spun text shows here" data-testid="spinner-test-result" />
      </Flex>
    </div>
  );
}
