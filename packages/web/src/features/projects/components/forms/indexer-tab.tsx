import { Checkbox, Form, Select } from 'antd';
import { INDEXING_SERVICES } from '@linkloom/shared';
import { indexersRule } from '../../lib/project-rules';
import { pairOptions } from './field-options';

const SERVICE_OPTIONS = pairOptions(INDEXING_SERVICES);

/**
 * Indexer tab of posting and private projects (spec 1 §2): whether the published URLs go to
 * indexing services, and which. The services' API keys live on the Options screen, which opens in
 * a new window so an unsaved edit stays as it is.
 */
export function IndexerTab(props: { editing: boolean }) {
  const { editing } = props;
  const disabled = !editing;
  const using = Form.useWatch<boolean | undefined>('useIndexers', Form.useFormInstance()) === true;
  return (
    <>
      <Form.Item name="useIndexers" valuePropName="checked">
        <Checkbox disabled={disabled}>Use indexing service</Checkbox>
      </Form.Item>
      <Form.Item
        name="indexers"
        label="Indexing services"
        rules={[indexersRule('indexers')]}
        dependencies={['useIndexers']}
        required={using}
        extra={<a href="#/options?tab=indexer" target="_blank" rel="noopener noreferrer">Set the services&apos; API keys in Options</a>}
      >
        <Select
          mode="multiple"
          options={SERVICE_OPTIONS}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled}
          placeholder="Select indexing services"
          allowClear
        />
      </Form.Item>
    </>
  );
}
