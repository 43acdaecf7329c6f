import { Suspense, useEffect, useState } from 'react';
import { App, Button, Form, Result, Spin, Tabs } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { OPTIONS_MESSAGES, OPTIONS_SAVE_DELAY_MS, tabSchemaFor, type Options } from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { useUrlTab } from '@/lib/use-url-state';
import { optionKeys, useOptions, useSaveOptions } from '../api/options-api';
import { OPTION_TABS, tabFor, type OptionsTab } from '../components/options-tabs';

const FIX_SECONDS = 3;
const TAB_KEYS = OPTION_TABS.map((tab) => tab.key);

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
  // ?tab= through the one address-state hook: an unknown tab opens General, which the address leaves out.
  const [activeKey, writeTab] = useUrlTab(TAB_KEYS, tabFor(null).key);
  const active = tabFor(activeKey);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([active.key]));
  const [saving, setSaving] = useState(false);
  useLiveInvalidate('proxies', [optionKeys.all]);
  useLiveInvalidate('blocked_sites', [optionKeys.all]);

  const loaded = options.data;
  useEffect(() => {
    // The form takes the saved options once; later refetches (live proxies) leave edits alone.
    if (loaded && !form.isFieldsTouched()) form.setFieldsValue(loaded.options);
  }, [loaded, form]);

  /** A tab clicked is pushed (Back returns to the tab before); the one Save opens replaces. */
  const openTab = (key: string, options?: { replace?: boolean }) => {
    setVisited((previous) => new Set(previous).add(key));
    writeTab(key, options);
  };

  const handleSave = async () => {
    if (!loaded) return;
    const values = { ...loaded.options, ...form.getFieldsValue(true) } as Options;
    const failing = failingTab(values, loaded.privileged);
    if (failing) {
      openTab(failing.key, { replace: true });
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
      {/* Save sits in the header, not in the tab bar: the tab bar is a tablist, which may hold only tabs (axe aria-required-children). */}
      <PageHeader
        title="Options" loading={options.isLoading} breadcrumbs={[{ title: 'Options' }]}
        extra={loaded === undefined ? undefined : (
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void handleSave()} data-testid="save-options">
            Save
          </Button>
        )}
      />
      {loaded === undefined ? <Spin /> : (
        <Form form={form} layout="vertical" initialValues={loaded.options} preserve data-testid="options-form">
          <Tabs
            activeKey={active.key}
            onChange={(key) => openTab(key)}
            destroyOnHidden={false}
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
