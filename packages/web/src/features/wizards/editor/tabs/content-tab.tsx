import { Checkbox, Col, Input, InputNumber, Row, Select, Space } from 'antd';
import { MEDIA_POSITIONS, type TierContent } from '@linkloom/shared';
import { pairOptions } from '../pair-options';
import { useContentGroupOptions } from '../../api/wizard-editor-api';
import { useWizardEditor } from '../editor-context';
import { TierTabs } from '../tier-tabs';
import { TabForm, WizardField } from '../wizard-field';
import { patchTier } from '../wizard-updates';

const MEDIA = {
  image: { insert: 'insertImages', search: 'searchForImages', keywords: 'keywordsForImage', urls: 'imagesToInsert', min: 'minImage', max: 'maxImage', position: 'imagePosition', one: 'Image', many: 'images' },
  video: { insert: 'insertVideos', search: 'searchForVideos', keywords: 'keywordsForVideo', urls: 'videosToInsert', min: 'minVideo', max: 'maxVideo', position: 'videoPosition', one: 'Video', many: 'videos' },
} as const;

/** The image or video settings of a tier: the extra fields show when its checkbox is on. */
function MediaFields({ tier, value, media }: { tier: number; value: TierContent; media: keyof typeof MEDIA }) {
  const { update } = useWizardEditor();
  const f = MEDIA[media];
  const set = (patch: Partial<TierContent>) => update(patchTier('content', tier, patch));
  const path = (field: string) => `content.${tier - 1}.${field}`;
  const testId = (field: string) => `content-${tier}-${field}`;
  return (
    <>
      <Space>
        <Checkbox checked={value[f.insert]} onChange={(e) => set({ [f.insert]: e.target.checked })} data-testid={testId(f.insert)}>{`Insert ${f.many}`}</Checkbox>
        {value[f.insert] && (
          <Checkbox checked={value[f.search]} onChange={(e) => set({ [f.search]: e.target.checked })} data-testid={testId(f.search)}>{`Search for ${f.many}`}</Checkbox>
        )}
      </Space>
      {value[f.insert] && (
        <>
          {value[f.search] ? (
            <WizardField path={path(f.keywords)} label={`Keywords for ${f.many}`} required>
              <Input value={value[f.keywords]} onChange={(e) => set({ [f.keywords]: e.target.value })} data-testid={testId(f.keywords)} />
            </WizardField>
          ) : (
            <WizardField path={path(f.urls)} label={`${f.one} URLs`} required extra="One per line.">
              <Input.TextArea value={value[f.urls]} autoSize={{ minRows: 3, maxRows: 8 }} onChange={(e) => set({ [f.urls]: e.target.value })} data-testid={testId(f.urls)} />
            </WizardField>
          )}
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <WizardField path={path(f.min)} label={`Min ${f.many}`} required>
                <InputNumber<number> value={value[f.min]} style={{ width: '100%' }} onChange={(v) => set({ [f.min]: v })} data-testid={testId(f.min)} />
              </WizardField>
            </Col>
            <Col xs={12} md={6}>
              <WizardField path={path(f.max)} label={`Max ${f.many}`} required>
                <InputNumber<number> value={value[f.max]} style={{ width: '100%' }} onChange={(v) => set({ [f.max]: v })} data-testid={testId(f.max)} />
              </WizardField>
            </Col>
            <Col xs={24} md={12}>
              <WizardField path={path(f.position)} label={`${f.one} position`} required>
                <Select
                  value={value[f.position] ?? undefined} allowClear options={pairOptions(MEDIA_POSITIONS)} data-testid={testId(f.position)}
                  onChange={(v) => set({ [f.position]: v ?? null })}
                />
              </WizardField>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}

function ContentTier({ tier }: { tier: number }) {
  const { wizard, update } = useWizardEditor();
  const groups = useContentGroupOptions();
  const value = wizard.content[tier - 1];
  if (!value) return null;
  return (
    <TabForm>
      <WizardField
        path={`content.${tier - 1}.contentGroupId`} label="Content group" required
        extra={<a href="#/content-groups" target="_blank" rel="noreferrer" data-testid="open-content-groups">Open the content groups in a new window</a>}
      >
        <Select<number>
          value={value.contentGroupId ?? undefined} allowClear placeholder="Select a content group" loading={groups.isLoading}
          showSearch={{ optionFilterProp: 'label' }} data-testid={`content-${tier}-group`}
          options={(groups.data?.content_groups ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.count})` }))}
          onChange={(id) => update(patchTier('content', tier, { contentGroupId: id ?? null }))}
        />
      </WizardField>
      <MediaFields tier={tier} value={value} media="image" />
      <div style={{ height: 16 }} />
      <MediaFields tier={tier} value={value} media="video" />
    </TabForm>
  );
}

/** Content tab (spec 2 §2): per tier the content group and the image and video settings. */
export function ContentTab() {
  return <TierTabs tab="content">{(tier) => <ContentTier tier={tier} />}</TierTabs>;
}
