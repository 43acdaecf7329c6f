import { Col, Input, InputNumber, Row, Typography } from 'antd';
import {
  anchorMixPercentages, redistributePercentages, tierAnchorMix, type EditablePercentageType, type WizardAnchorMix,
} from '@linkloom/shared';
import { useWizardEditor } from '../editor-context';
import { LINKS_DEBOUNCE_MS, useDebouncedField } from '../use-debounced-field';
import { WizardField } from '../wizard-field';
import { patchTier } from '../wizard-updates';

const KEYWORDS = [['primary', 'Primary'], ['secondary', 'Secondary'], ['branded', 'Branded'], ['generic', 'Generic']] as const;
const SHARES = [...KEYWORDS, ['nakedUrl', 'Naked URL'], ['linkAnchor', "Target's title"]] as const;

/**
 * The anchors of tier 2 and below (issue 34 item 5): the keywords and the six shares its links to
 * the tier above take — the target's title being one kind among them. Until edited it shows the
 * default (tier 1's keywords with 40 % titles, shared tierAnchorMix); the first edit stores it.
 * Primary is read-only and the shares always total 100 (shared redistributePercentages).
 */
export function TierAnchorFields({ tier }: { tier: number }) {
  const { wizard, update } = useWizardEditor();
  const [local, change] = useDebouncedField<WizardAnchorMix>(tierAnchorMix(wizard, tier), (next) => update(patchTier('linksAndKeywords', tier, { anchors: next })), LINKS_DEBOUNCE_MS);
  const path = (field: string) => `linksAndKeywords.${tier - 1}.anchors.${field}`;
  const testId = (field: string) => `anchors-${tier}-${field}`;
  const setShare = (type: EditablePercentageType, value: number | null) => {
    const next = redistributePercentages(anchorMixPercentages(local), type, value);
    change({
      ...local, primaryPercentage: next.primary, secondaryPercentage: next.secondary, brandedPercentage: next.branded,
      genericPercentage: next.generic, nakedUrlPercentage: next.nakedUrl, linkAnchorPercentage: next.linkAnchor,
    });
  };
  return (
    <div data-testid={`anchors-${tier}`}>
      <Typography.Paragraph type="secondary" data-testid={`links-${tier}-note`}>
        Tier {tier} links the posts of tier {tier - 1}, with these anchors.
      </Typography.Paragraph>
      <Row gutter={16}>
        {KEYWORDS.map(([type, label]) => (
          <Col xs={24} md={12} key={type}>
            <WizardField path={path(`${type}Keyword`)} label={`${label} keyword`}>
              <Input
                value={local[`${type}Keyword`]} data-testid={testId(`${type}Keyword`)} placeholder="Spintax allowed: {a|b}"
                onChange={(event) => change({ ...local, [`${type}Keyword`]: event.target.value })}
              />
            </WizardField>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        {SHARES.map(([type, label]) => (
          <Col xs={12} md={4} key={type}>
            <WizardField path={path(`${type}Percentage`)} label={`${label} %`}>
              <InputNumber<number>
                value={local[`${type}Percentage`]} min={0} max={100} precision={0} style={{ width: '100%' }}
                readOnly={type === 'primary'} data-testid={testId(`${type}Percentage`)}
                onChange={(value) => { if (type !== 'primary') setShare(type, value); }}
              />
            </WizardField>
          </Col>
        ))}
      </Row>
    </div>
  );
}
