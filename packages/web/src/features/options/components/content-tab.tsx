import { useState } from 'react';
import { App, Checkbox, Form, Input, InputNumber, Tabs } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { CONTENT_TOOLS_MESSAGES, DISABLED_REASONS, OptionsSchema, type CheckArticleBalanceBody } from '@linkloom/shared';
import { ExplainedButton } from '@/components/disabled-reason';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { checkArticleBalance } from '../api/content-tools-api';
import type { OptionsTabProps } from './options-tabs';

type Source = CheckArticleBalanceBody['articleSource'];

/** Each article source: its options group, its fields and the spec's failure toast (section 8). */
const SOURCES: readonly { source: Source; group: string; label: string; unknown: string; fields: readonly string[] }[] = [
  { source: 'ArticleForge', group: 'articleForge', label: 'Article Forge', unknown: CONTENT_TOOLS_MESSAGES.articleForgeBalance, fields: ['apiKey'] },
  { source: 'ArticleBuilder', group: 'articleBuilder', label: 'Article Builder', unknown: CONTENT_TOOLS_MESSAGES.articleBuilderBalance, fields: ['username', 'password', 'articleCount'] },
  { source: 'KontentMachine', group: 'kontentMachine', label: 'Kontent Machine', unknown: CONTENT_TOOLS_MESSAGES.kontentMachineBalance, fields: ['apiKey'] },
  {
    source: 'UltraSpinnableArticle', group: 'ultraSpinnableArticle', label: 'Ultra Spinnable Article', unknown: CONTENT_TOOLS_MESSAGES.ultraSpinnableBalance,
    fields: ['username', 'password', 'apiKey', 'premium', 'minis', 'nichePacks', 'spendCredits'],
  },
];

const LABELS: Record<string, string> = {
  apiKey: 'API key', username: 'Username', password: 'Password', articleCount: 'Articles per download',
  premium: 'Premium', minis: 'Minis', nichePacks: 'Niche packs', spendCredits: 'Spend credits',
};
const FLAGS = new Set(['premium', 'minis', 'nichePacks', 'spendCredits']);
const SECRET = new Set(['password', 'apiKey']);
const sourcesRule = zodRule(OptionsSchema.pick({ articleSources: true }), 'articleSources');
const youtubeRule = zodRule(OptionsSchema.pick({ youtubeApiKey: true }), 'youtubeApiKey');

/** One source's credentials and its balance button (disabled until the credentials are filled in). */
function SourcePane({ source, group, label, unknown, fields }: (typeof SOURCES)[number]) {
  const form = Form.useFormInstance<Record<string, unknown>>();
  const { message } = App.useApp();
  const [checking, setChecking] = useState(false);
  const values = (Form.useWatch(['articleSources', group], form) ?? {}) as Record<string, unknown>;
  const filled = fields.filter((f) => !FLAGS.has(f) && f !== 'articleCount').every((f) => String(values[f] ?? '').trim() !== '');

  const handleCheck = async () => {
    setChecking(true);
    try {
      // The spec's inputInfo: the typed credentials (Article Builder one article, Ultra Spinnable's flags off).
      const info = source === 'ArticleBuilder' ? { ...values, articleCount: 1 }
        : source === 'KontentMachine' ? { ...values, template: '' }
          : source === 'UltraSpinnableArticle' ? { ...values, premium: false, minis: false, nichePacks: false, spendCredits: false } : values;
      const outcome = await checkArticleBalance({ articleSource: source, inputInfo: JSON.stringify(info) });
      if (outcome.ok) void message.info({ content: `${label} balance: ${outcome.value}`, duration: 5 });
      else void message.error({ content: outcome.message ?? unknown, duration: outcome.message ? 5 : 3 });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div data-testid={`content-source-${source}`}>
      {fields.map((field) => (
        FLAGS.has(field) ? (
          <Form.Item key={field} name={['articleSources', group, field]} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox data-testid={`${source}-${field}`}>{LABELS[field]}</Checkbox>
          </Form.Item>
        ) : (
          <Form.Item key={field} name={['articleSources', group, field]} label={LABELS[field]} rules={[sourcesRule]} validateTrigger={VALIDATE_ON}>
            {field === 'articleCount' ? <InputNumber min={1} precision={0} data-testid={`${source}-${field}`} />
              : SECRET.has(field) ? <Input.Password data-testid={`${source}-${field}`} /> : <Input data-testid={`${source}-${field}`} />}
          </Form.Item>
        )
      ))}
      <ExplainedButton
        icon={<DollarOutlined />} loading={checking} disabledReason={filled ? null : DISABLED_REASONS.fillCredentialsFirst}
        onClick={() => void handleCheck()} data-testid={`${source}-balance`}
      >
        {source === 'ArticleForge' ? 'Check API' : 'Check balance'}
      </ExplainedButton>
    </div>
  );
}

/** Content (spec 3 section 2): the article sources' credentials in left-side tabs, each with its balance check; the YouTube key of the video search. */
export function ContentTab(_props: OptionsTabProps) {
  return (
    <div data-testid="content-tab">
      <Tabs
        tabPlacement="start"
        items={[
          ...SOURCES.map((s) => ({ key: s.source, label: s.label, children: <SourcePane {...s} /> })),
          {
            key: 'youtube', label: 'YouTube (video search)',
            children: (
              <Form.Item
                name="youtubeApiKey" label="YouTube Data API key" rules={[youtubeRule]} validateTrigger={VALIDATE_ON}
                extra="Projects that search for videos by keyword use it; images are searched on Openverse and need no key."
              >
                <Input.Password data-testid="youtube-api-key" />
              </Form.Item>
            ),
          },
        ]}
      />
    </div>
  );
}
