import { useRef } from 'react';
import { Button, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import {
  LINK_ITEM_MESSAGES, LinkSetKeywordsSchema, redistributePercentages, totalPercentage,
  type EditablePercentageType, type KeywordPercentages, type LinkSetDetail, type LinkSetKeywords,
} from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { toastDone, toastFailure } from '@/lib/action-feedback';

type KeywordField = 'primaryKeyword' | 'secondaryKeyword' | 'brandedKeyword' | 'genericKeyword';
type PercentageField = 'primaryPercentage' | 'secondaryPercentage' | 'brandedPercentage' | 'genericPercentage' | 'nakedUrlPercentage' | 'linkAnchorPercentage';

/** The six rows of the form: keyword text (naked URLs and the link's own anchor have none) and percentage. */
const ROWS: { type: keyof KeywordPercentages; label: string; keyword: KeywordField | null; percentage: PercentageField }[] = [
  { type: 'primary', label: 'Primary', keyword: 'primaryKeyword', percentage: 'primaryPercentage' },
  { type: 'secondary', label: 'Secondary', keyword: 'secondaryKeyword', percentage: 'secondaryPercentage' },
  { type: 'branded', label: 'Branded', keyword: 'brandedKeyword', percentage: 'brandedPercentage' },
  { type: 'generic', label: 'Generic', keyword: 'genericKeyword', percentage: 'genericPercentage' },
  { type: 'nakedUrl', label: 'Naked URL', keyword: null, percentage: 'nakedUrlPercentage' },
  { type: 'linkAnchor', label: "Link's own anchor", keyword: null, percentage: 'linkAnchorPercentage' },
];

/** What the rows without a keyword take as anchor. */
const NO_KEYWORD_TEXT: Partial<Record<keyof KeywordPercentages, string>> = {
  nakedUrl: "The link's URL is its anchor",
  linkAnchor: "The anchor the link has in this set (a tier's backlinks: the post's title)",
};

const percentagesOf = (values: Partial<LinkSetKeywords>): KeywordPercentages => ({
  primary: values.primaryPercentage ?? 0,
  secondary: values.secondaryPercentage ?? 0,
  branded: values.brandedPercentage ?? 0,
  generic: values.genericPercentage ?? 0,
  nakedUrl: values.nakedUrlPercentage ?? 0,
  linkAnchor: values.linkAnchorPercentage ?? 0,
});

/** The keyword settings of a link set as the form holds them. */
export function keywordsOf(linkSet: LinkSetDetail): LinkSetKeywords {
  const { useKeyword, primaryKeyword, secondaryKeyword, brandedKeyword, genericKeyword } = linkSet;
  const { primaryPercentage, secondaryPercentage, brandedPercentage, genericPercentage, nakedUrlPercentage, linkAnchorPercentage } = linkSet;
  return {
    useKeyword, primaryKeyword, secondaryKeyword, brandedKeyword, genericKeyword,
    primaryPercentage, secondaryPercentage, brandedPercentage, genericPercentage, nakedUrlPercentage, linkAnchorPercentage,
  };
}

export interface KeywordsFormProps {
  initialValues: LinkSetKeywords;
  onSave: (values: LinkSetKeywords) => Promise<unknown>;
}

/**
 * The Keywords tab (spec 1 §5). Primary is read-only: changing another percentage redistributes
 * the difference with the shared rule (primary first, then generic, then naked URL, then the own
 * anchor), so the six always total 100. Messages come from the shared schema the server checks too.
 */
export function KeywordsForm({ initialValues, onSave }: KeywordsFormProps) {
  const [form] = Form.useForm<LinkSetKeywords>();
  const { submitting, run } = useSubmitState();
  const values = Form.useWatch([], form) as Partial<LinkSetKeywords> | undefined;
  const total = totalPercentage(percentagesOf(values ?? initialValues));
  // The balanced percentages before the current edit: the form already holds the typed value when
  // onChange runs, and the redistribution needs the difference from what was there.
  const balanced = useRef<KeywordPercentages>(percentagesOf(initialValues));

  const handlePercentage = (type: EditablePercentageType, value: number | null) => {
    const next = redistributePercentages(balanced.current, type, value);
    balanced.current = next;
    form.setFieldsValue({
      primaryPercentage: next.primary, secondaryPercentage: next.secondary, brandedPercentage: next.branded,
      genericPercentage: next.generic, nakedUrlPercentage: next.nakedUrl, linkAnchorPercentage: next.linkAnchor,
    });
    void form.validateFields(ROWS.flatMap((row) => (row.keyword ? [row.keyword, row.percentage] : [row.percentage]))).catch(() => undefined);
  };

  const handleFinish = async (submitted: LinkSetKeywords) => {
    const outcome = await run(async () => {
      try {
        return await onSave({ ...initialValues, ...submitted });
      } catch (error) {
        toastFailure(LINK_ITEM_MESSAGES.keywordsFailed, error);
        throw error;
      }
    });
    if (!outcome.failed) toastDone(LINK_ITEM_MESSAGES.keywordsSaved);
  };

  return (
    <Form<LinkSetKeywords> form={form} layout="vertical" validateTrigger={VALIDATE_ON} initialValues={initialValues} onFinish={handleFinish} data-testid="keywords-form" style={{ maxWidth: 760 }}>
      <Form.Item name="useKeyword" label="Use keywords as anchors" valuePropName="checked">
        <Switch data-testid="keywords-use" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={16}><Typography.Text strong>Keyword</Typography.Text></Col>
        <Col span={8}><Typography.Text strong>Percentage</Typography.Text></Col>
      </Row>
      {ROWS.map((row) => (
        <Row gutter={16} key={row.type} style={{ marginTop: 8 }}>
          <Col span={16}>
            {row.keyword ? (
              <Form.Item name={row.keyword} label={`${row.label} keyword`} rules={[zodRule(LinkSetKeywordsSchema, row.keyword)]} dependencies={['useKeyword', row.percentage]}>
                <Input autoComplete="off" data-testid={`keywords-${row.type}`} />
              </Form.Item>
            ) : (
              <Form.Item label={row.label}><Typography.Text type="secondary">{NO_KEYWORD_TEXT[row.type]}</Typography.Text></Form.Item>
            )}
          </Col>
          <Col span={8}>
            <Form.Item
              name={row.percentage} label={`${row.label} %`} rules={[zodRule(LinkSetKeywordsSchema, row.percentage)]}
              tooltip={row.type === 'primary' ? 'Read-only: it takes what the others leave, up to 100' : undefined}
            >
              <InputNumber
                min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} readOnly={row.type === 'primary'} variant={row.type === 'primary' ? 'filled' : 'outlined'}
                onChange={row.type === 'primary' ? undefined : (value) => handlePercentage(row.type as EditablePercentageType, typeof value === 'number' ? value : null)}
                data-testid={`keywords-${row.type}-percentage`}
              />
            </Form.Item>
          </Col>
        </Row>
      ))}
      <Typography.Paragraph type={total === 100 ? 'secondary' : 'danger'} data-testid="keywords-total">Total: {total}%</Typography.Paragraph>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={submitting} data-testid="keywords-save">Save</Button>
    </Form>
  );
}
