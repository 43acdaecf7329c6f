import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Form, Input, InputNumber } from 'antd';
import {
  CONTENT_FORM_DEBOUNCE_MS, ContentGroupSettingsSchema, type ContentGroup, type ContentGroupSettings,
} from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { AutosaveStatus, type AutosaveState } from '@/components/autosave-status';
import { useSaveGroupSettings } from '../api/content-groups-api';


const settingsOf = (group: ContentGroup): ContentGroupSettings => ({
  wordsNottobeChanged: group.wordsNottobeChanged,
  maxUsagePerArticle: group.maxUsagePerArticle,
});
const sameSettings = (a: ContentGroupSettings, b: ContentGroupSettings) =>
  a.wordsNottobeChanged === b.wordsNottobeChanged && a.maxUsagePerArticle === b.maxUsagePerArticle;

/**
 * The group's spinner settings, saved by themselves 200 ms after the last valid change (spec 3
 * section 2). Settings saved elsewhere (another tab) replace the form only while nothing typed
 * here is waiting to be saved.
 */
export function GroupSettingsForm({ group }: { group: ContentGroup }) {
  const [form] = Form.useForm<ContentGroupSettings>();
  const save = useSaveGroupSettings(group.id);
  const [state, setState] = useState<AutosaveState>('idle');
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const lastSaved = useRef<ContentGroupSettings>(settingsOf(group));
  const pending = useRef(false);
  const [changes, setChanges] = useState(0);
  const latest = useRef<ContentGroupSettings>(settingsOf(group));

  const saveNow = useEffectEvent(async () => {
    const parsed = ContentGroupSettingsSchema.safeParse(latest.current);
    if (!parsed.success) {
      setState('invalid');
      pending.current = false;
      form.validateFields().catch(() => undefined); // shows the messages under the fields
      return;
    }
    try {
      setState('saving');
      await save.mutateAsync(parsed.data);
      lastSaved.current = parsed.data;
      setSavedAt(Date.now());
      setState('saved');
    } catch {
      setState('idle'); // lib/http already showed the failure
    } finally {
      pending.current = false;
    }
  });

  // Leaving within the 200 ms still saves what was typed (nothing a user entered is lost).
  const flushOnLeave = useEffectEvent(() => {
    const parsed = ContentGroupSettingsSchema.safeParse(latest.current);
    if (pending.current && parsed.success) save.mutate(parsed.data);
  });
  useEffect(() => () => flushOnLeave(), []);

  // Debounce: every change restarts the 200 ms wait.
  useEffect(() => {
    if (changes === 0) return undefined;
    const timer = setTimeout(() => void saveNow(), CONTENT_FORM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [changes]);

  useEffect(() => {
    const incoming = settingsOf(group);
    if (pending.current || sameSettings(incoming, lastSaved.current)) return;
    lastSaved.current = incoming;
    latest.current = incoming;
    form.setFieldsValue(incoming);
  }, [group, form]);

  const handleValuesChange = (_: unknown, values: ContentGroupSettings) => {
    latest.current = values;
    pending.current = true;
    setState('idle');
    setChanges((count) => count + 1);
  };

  return (
    <Form<ContentGroupSettings> validateTrigger={VALIDATE_ON}
      form={form} layout="vertical" initialValues={settingsOf(group)} onValuesChange={handleValuesChange}
      data-testid="group-settings-form" style={{ maxWidth: 720 }}
    >
      <Form.Item
        name="wordsNottobeChanged" label="Words not to be changed"
        extra="Comma-separated words the spinner must keep as they are"
        rules={[zodRule(ContentGroupSettingsSchema, 'wordsNottobeChanged')]}
      >
        <Input placeholder="brand, product name" data-testid="words-not-to-be-changed" />
      </Form.Item>
      <Form.Item
        name="maxUsagePerArticle" label="Max usage per article" extra="0 means unlimited"
        rules={[zodRule(ContentGroupSettingsSchema, 'maxUsagePerArticle')]}
      >
        <InputNumber min={0} precision={0} style={{ width: 200 }} data-testid="max-usage-per-article" />
      </Form.Item>
      <AutosaveStatus state={state} savedAt={savedAt} testId="settings-save-state" />
    </Form>
  );
}
