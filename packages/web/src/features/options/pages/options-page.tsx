import { Suspense, useEffect, useState } from 'react';
import { App, Button, Form, Result, Spin, Tabs } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { OPTIONS_MESSAGES, OPTIONS_SAVE_DELAY_MS, tabSchemaFor, type Options } from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { optionKeys, useOptions, useSaveOptions } from '../api/options-api';
import { OPTION_TABS, tabFor, type OptionsTab } from '../components/options-tabs';

const FIX_SECONDS = 3;

/** The first tab (of those Save checks first) whose fields the shared schema refuses, with the form's values. */
function failingTab(values: Partial<Options>, privileged: boolean): OptionsTab | undefined {
  return OPTION_TABS.find((tab) => tab.checkedBeforeSave !== undefined && !tabSchemaFor(privileged, tab.checkedBeforeSave).safeParse(values).success);
}

/**
 * The options screen (/options, spec 3 section 2): one form over every tab, `?tab=` picks the
 * tab. Save checks the General, Captcha and Google Captcha tabs first (opening the one that fails,
 * saving nothing), then saves the whole options object after the spec's 500 ms.
 */
export function OptionsPage() {
  const options = useOptions();
  const save = useSaveOptions();
  const { message } = App.useApp();
  const [form] = Form.useForm<Options>();
  const [params, setParams] = useSearchParams();
  const active = tabFor(params.get('tab'));
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([active.key]));
  const [saving, setSaving] = useState(false);
  useLiveInvalidate('proxies', [optionKeys.all]);
  useLiveInvalidate('blocked_sites', [optionKeys.all]);

  const loaded = options.data;
  useEffect(() => {
    // The form takes the saved options once; later refetches (live proxies) leave edits alone.
    if (loaded && !form.isFieldsTouched()) form.setFieldsValue(loaded.options);
  }, [loaded, form]);

  const openTab = (key: string) => {
    setVisited((previous) => new Set(previous).add(key));
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('tab', key);
      return next;
    }, { replace: true });
  };

  const handleSave = async () => {
    if (!loaded) return;
    const values = { ...loaded.options, ...form.getFieldsValue(true) } as Options;
    const failing = failingTab(values, loaded.privileged);
    if (failing) {
      openTab(failing.key);
      void message.error({ content: OPTIONS_MESSAGES.fixBeforeSaving, duration: FIX_SECONDS });
      // Shows each field's message once the tab's fields are there.
      setTimeout(() => void form.validateFields({ recursive: true }).catch(() => undefined), 50);
      return;
    }
    setSaving(true);
    try {
      await new Promise((resolve) => setTimeout(resolve, OPTIONS_SAVE_DELAY_MS));
      const saved = await save.mutateAsync(values);
      form.setFieldsValue(saved.options);
    } finally {
      setSaving(false);
    }
  };

  if (options.isError) return <Result status="warning" title="Failed to get options." data-testid="options-failed" />;
  return (
    <div data-testid="options-page">
      <PageHeader title="Options" loading={options.isLoading} breadcrumbs={[{ title: 'Options' }]} />
      {loaded === undefined ? <Spin /> : (
        <Form form={form} layout="vertical" initialValues={loaded.options} preserve data-testid="options-form">
          <Tabs
            activeKey={active.key}
            onChange={openTab}
            destroyOnHidden={false}
            tabBarExtraContent={(
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void handleSave()} data-testid="save-options">
                Save
              </Button>
            )}
            items={OPTION_TABS.map((tab) => ({
              key: tab.key,
              label: <span data-testid={`tab-${tab.key}`}>{tab.label}</span>,
              children: visited.has(tab.key) || tab.key === active.key ? (
                <Suspense fallback={<Spin />}>
                  <tab.Component form={form} data={loaded} />
                </Suspense>
              ) : null,
            }))}
          />
        </Form>
      )}
    </div>
  );
}
