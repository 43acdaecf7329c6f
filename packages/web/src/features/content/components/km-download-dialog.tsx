import { Alert, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  DownloadKmArticlesResponseSchema, KmCampaignsResponseSchema, KontentMachineInputSchema,
} from '@linkloom/shared';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { get, post } from '@/lib/http';
import { HttpError } from '@/lib/http-error';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { countOf, toastDone } from '@/lib/action-feedback';
import { contentKeys } from '../api/content-keys';

interface KmValues {
  campaignId: number;
  template?: string;
}

/**
 * Download from campaign (spec 3 section 2): a Kontent Machine campaign (required: 'Please select
 * a campaign') whose articles join the group, with the content template Kontent Machine set up for
 * the account (optional: empty is its default). The campaigns come from GET
 * /action/download/kmcampaigns; Kontent Machine's public API lists none
 * (https://kontentmachine.com/api-reference/), so the dialog says so and takes the campaign's ID as
 * typed.
 */
export function KmDownloadDialog(props: { groupId: number; open: boolean; onClose: (imported: boolean) => void }) {
  const { groupId, open, onClose } = props;
  const [form] = Form.useForm<KmValues>();
  const { submitting, run } = useSubmitState();
  const campaigns = useQuery({
    queryKey: contentKeys.kmCampaigns,
    queryFn: ({ signal }) => get('/action/download/kmcampaigns', { schema: KmCampaignsResponseSchema, signal, silent: true }),
    enabled: open,
    retry: false,
    staleTime: 60_000,
  });
  const problem = campaigns.error instanceof HttpError ? campaigns.error.serverMessage : campaigns.error ? String(campaigns.error) : null;

  const handleFinish = async (values: KmValues) => {
    const body = { articleSource: 'KontentMachine' as const, inputInfo: JSON.stringify({ campaignId: values.campaignId, template: values.template?.trim() ?? '' }) };
    const outcome = await run(() => post(`/action/download/kmarticles/${groupId}`, { body, schema: DownloadKmArticlesResponseSchema }));
    if (outcome.failed) return;
    toastDone(`${countOf(outcome.value.imported, 'article')} downloaded`);
    onClose(true);
  };

  return (
    <Modal
      open={open}
      title="Download from Kontent Machine campaign"
      okText={DIALOG_LABELS.import}
      cancelText={DIALOG_LABELS.cancel}
      onCancel={submitting ? undefined : () => onClose(false)}
      okButtonProps={{ htmlType: 'submit', loading: submitting, 'data-testid': 'km-dialog-ok' }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<KmValues> form={form} layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleFinish} clearOnDestroy data-testid="km-dialog">
          {dialog}
        </Form>
      )}
    >
      {problem && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={problem} data-testid="km-dialog-problem" />}
      <Form.Item name="campaignId" label={problem ? 'Campaign ID' : 'Campaign'} rules={[zodRule(KontentMachineInputSchema, 'campaignId')]}>
        {problem ? <InputNumber min={1} precision={0} style={{ width: 200 }} data-testid="km-dialog-campaign-id" /> : (
          <Select
            data-testid="km-dialog-campaign" notFoundContent={campaigns.isLoading ? <Spin size="small" /> : 'No campaigns'}
            options={(campaigns.data?.campaigns ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        )}
      </Form.Item>
      <Form.Item
        name="template" label="Content template" rules={[zodRule(KontentMachineInputSchema, 'template')]}
        extra="The template Kontent Machine set up for your account; leave empty for its default."
      >
        <Input maxLength={200} style={{ width: 300 }} data-testid="km-dialog-template" />
      </Form.Item>
    </Modal>
  );
}
