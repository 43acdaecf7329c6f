import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { MEDIA_POSITIONS } from '@linkloom/shared';
import { mediaRule } from '../../lib/project-rules';
import { pairOptions } from './field-options';

/** Field names and words of one media tab; the video tab mirrors the image tab. */
const MEDIA = {
  image: {
    insert: 'insertImages', search: 'searchForImages', keywords: 'keywordsForImage', urls: 'imagesToInsert',
    min: 'minImage', max: 'maxImage', position: 'imagePosition',
    singular: 'Image', plural: 'images', example: 'https://example.com/picture.jpg',
  },
  video: {
    insert: 'insertVideos', search: 'searchForVideos', keywords: 'keywordsForVideo', urls: 'videosToInsert',
    min: 'minVideo', max: 'maxVideo', position: 'videoPosition',
    singular: 'Video', plural: 'videos', example: 'https://www.youtube.com/watch?v=…',
  },
} as const;

/**
 * Image and Video tabs of posting and private projects (spec 1 §2): an insert toggle and, when on,
 * where the media come from (Search ticked: a keyword search; unticked: the URLs given), how many
 * per post and where.
 */
export function MediaTab(props: { media: 'image' | 'video'; editing: boolean }) {
  const { media, editing } = props;
  const f = MEDIA[media];
  const form = Form.useFormInstance();
  const inserting = Form.useWatch<boolean | undefined>(f.insert, form) === true;
  // Searching is the schema's default, so an unset value reads as searching.
  const searching = Form.useWatch<boolean | undefined>(f.search, form) !== false;
  const rules = (field: string) => [mediaRule(media, field)];
  const disabled = !editing;
  const toggles = [f.insert, f.search];

  return (
    <>
      <Form.Item name={f.insert} label={`Insert ${f.plural}`} valuePropName="checked">
        <Switch disabled={disabled} />
      </Form.Item>
      {inserting && (
        <>
          <Form.Item name={f.search} valuePropName="checked">
            <Checkbox disabled={disabled}>{`Search for ${f.plural}`}</Checkbox>
          </Form.Item>
          {searching ? (
            <Form.Item
              name={f.keywords} label={`${f.singular} keywords`} rules={rules(f.keywords)} dependencies={toggles}
              extra={`The ${f.plural} are searched with these keywords.`} required
            >
              <Input disabled={disabled} placeholder="e.g. garden tools" />
            </Form.Item>
          ) : (
            <Form.Item name={f.urls} label={`${f.singular} URLs`} rules={rules(f.urls)} dependencies={toggles} extra="Use these URLs, one per line." required>
              <Input.TextArea disabled={disabled} autoSize={{ minRows: 4, maxRows: 12 }} placeholder={f.example} />
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name={f.min} label={`Min ${f.plural}`} rules={rules(f.min)} dependencies={[f.insert]} required>
                <InputNumber disabled={disabled} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name={f.max} label={`Max ${f.plural}`} rules={rules(f.max)} dependencies={[f.insert, f.min]} required>
                <InputNumber disabled={disabled} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={f.position} label={`${f.singular} position`} rules={rules(f.position)} dependencies={[f.insert]} required>
                <Select options={pairOptions(MEDIA_POSITIONS)} disabled={disabled} placeholder={`Select ${media} position`} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
