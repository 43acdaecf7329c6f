import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { LINK_PLACEMENTS, OUTPUT_ANCHORS, normalizeTags } from '@linkloom/shared';
import { generalRule } from '../../lib/project-rules';
import { LinkSetProfilesField } from '../link-set-profiles/link-set-profiles-field';
import { namedCountOptions, pairOptions, type NamedCount } from './field-options';
import { SelectWithView } from './select-with-view';

/** Props of {@link ContentGeneralTab}. */
export interface ContentGeneralTabProps {
  kind: 'posting' | 'private';
  editing: boolean;
  /** Posting only: the campaign select (searchable). */
  campaigns?: { id: number; name: string }[];
  /** Posting: account profiles of the chosen campaign; private: the user's private networks. */
  profiles: NamedCount[];
  urlLists: NamedCount[];
  contentGroups: NamedCount[];
  /** The page reloads the campaign's profiles; this tab clears the chosen profile. */
  onCampaignChange?: (campaignId: number) => void;
  /** The page reloads the network's sites. */
  onPrivateNetworkChange?: (networkId: number) => void;
}

const searchable = { optionFilterProp: 'label' } as const;

/**
 * General tab of posting and private blog projects (spec 1 §2, §3): where the accounts and
 * articles come from, where the published URLs go, which links go in and how, and the tags.
 * Its fields live in the page's form; every rule is the shared General-tab rule.
 */
export function ContentGeneralTab(props: ContentGeneralTabProps) {
  const { kind, editing, campaigns = [], profiles, urlLists, contentGroups, onCampaignChange, onPrivateNetworkChange } = props;
  const form = Form.useFormInstance();
  const useLinkSet = Form.useWatch<boolean | undefined>('useLinkSet', form) === true;
  const rules = (field: string) => [generalRule(kind, field)];
  const disabled = !editing;

  const handleCampaignChange = (campaignId: number) => {
    form.setFieldValue('profileId', null);
    onCampaignChange?.(campaignId);
  };

  const handleTagsBlur = () => {
    const tags: unknown = form.getFieldValue('tags');
    if (typeof tags !== 'string') return;
    const normalized = normalizeTags(tags);
    if (normalized === tags) return;
    form.setFieldValue('tags', normalized);
    // setFieldValue clears the field's message; judge the normalised text again.
    form.validateFields(['tags']).catch(() => undefined);
  };

  return (
    <>
      {kind === 'posting' ? (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="selectedCampaignId" label="Campaign" rules={rules('selectedCampaignId')} required>
              <Select<number>
                options={campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name }))}
                showSearch={searchable}
                disabled={disabled}
                placeholder="Select a campaign"
                onChange={handleCampaignChange}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="profileId" label="Account profile" rules={rules('profileId')} dependencies={['selectedCampaignId']} required>
              <Select<number>
                options={namedCountOptions(profiles)}
                showSearch={searchable}
                disabled={disabled}
                placeholder="Select an account profile"
                notFoundContent="This campaign has no account profiles"
              />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Form.Item name="profileId" label="Private network" rules={rules('profileId')} required>
          <Select<number>
            options={namedCountOptions(profiles)}
            showSearch={searchable}
            disabled={disabled}
            placeholder="Select a private network"
            notFoundContent="No private networks yet"
            onChange={(networkId) => onPrivateNetworkChange?.(networkId)}
          />
        </Form.Item>
      )}

      <Row gutter={16}>
        <Col xs={24} md={12}>
          <SelectWithView
            name="urlListId"
            label="Output link set"
            rows={urlLists}
            viewRoute={(id) => `/url_list/${id}`}
            rules={rules('urlListId')}
            dependencies={['useLinkSet', 'linkSetProfiles']}
            editing={editing}
            placeholder="Where to store the published URLs"
          />
        </Col>
        <Col xs={24} md={12}>
          <SelectWithView
            name="contentGroupId"
            label="Content bucket"
            rows={contentGroups}
            viewRoute={(id) => `/content-group/${id}`}
            rules={rules('contentGroupId')}
            editing={editing}
            placeholder="Where to get articles from"
          />
        </Col>
      </Row>

      <Form.Item name="spinArticles" valuePropName="checked" extra="With the spinner chosen in Options → Spinner, keeping the content group's protected words and the link keywords. Off: articles are posted as written.">
        <Checkbox disabled={disabled} data-testid="project-spin-articles">Spin articles</Checkbox>
      </Form.Item>

      <Form.Item name="republishDeadPosts" valuePropName="checked" extra="A post found dead on your site (its page gone, or its links missing, twice in a row) is published there again once, with the same article and links; the link set then lists the new address.">
        <Checkbox disabled={disabled} data-testid="project-republish-dead-posts">Re-publish dead posts once</Checkbox>
      </Form.Item>

      <Form.Item name="useLinkSet" valuePropName="checked">
        <Checkbox disabled={disabled}>Insert URLs</Checkbox>
      </Form.Item>
      {useLinkSet && (
        <Form.Item name="linkSetProfiles" label="Input link sets" rules={rules('linkSetProfiles')} dependencies={['useLinkSet']}>
          <LinkSetProfilesField linkSets={urlLists} editing={editing} />
        </Form.Item>
      )}

      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="linkPlacement" label="Link position" rules={rules('linkPlacement')} required>
            <Select options={pairOptions(LINK_PLACEMENTS)} disabled={disabled} placeholder="Select link position" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="minLinks" label="Min links" rules={rules('minLinks')} required>
            <InputNumber disabled={disabled} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="maxLinks" label="Max links" rules={rules('maxLinks')} dependencies={['minLinks']} required>
            <InputNumber disabled={disabled} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>

      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="outputAnchor" label="Output URL anchors" extra="The anchor stored with each published URL in the output link set.">
            <Select options={pairOptions(OUTPUT_ANCHORS)} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tags" label="Tags" rules={rules('tags')} extra="Separate tags with commas." required>
            <Input disabled={disabled} placeholder="e.g. gardening, tools" onBlur={handleTagsBlur} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
