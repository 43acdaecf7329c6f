import { Col, Input, InputNumber, Row } from 'antd';
import { redistributePercentages, type EditablePercentageType, type KeywordPercentages, type WizardLinkSet } from '@linkloom/shared';
import { useWizardEditor } from '../editor-context';
import { LINKS_DEBOUNCE_MS, useDebouncedField } from '../use-debounced-field';
import { WizardField } from '../wizard-field';

const KEYWORDS = [
  ['primary', 'Primary'], ['secondary', 'Secondary'], ['branded', 'Branded'], ['generic', 'Generic'],
] as const;

function percentagesOf(set: WizardLinkSet): KeywordPercentages {
  return {
    primary: set.primaryPercentage ?? 0, secondary: set.secondaryPercentage ?? 0, branded: set.brandedPercentage ?? 0,
    generic: set.genericPercentage ?? 0, nakedUrl: set.nakedUrlPercentage ?? 0, linkAnchor: 0,
  };
}

/**
 * One link set of tier 1 (spec 2 §3 "Link set (wizard)"): its URLs, the four keywords and the five
 * anchor percentages. Primary is read-only; changing another redistributes with the shared rule
 * (redistributePercentages), so the five always total 100. Typing reaches the wizard after 1000 ms.
 */
export function LinkSetFields({ index, set }: { index: number; set: WizardLinkSet }) {
  const { update } = useWizardEditor();
  const [local, change] = useDebouncedField(set, (next) => update((wizard) => ({
    ...wizard,
    linksAndKeywords: wizard.linksAndKeywords.map((tier, t) => (t !== 0 ? tier : {
      ...tier, linkSets: tier.linkSets.map((old, n) => (n === index ? next : old)),
    })),
  })), LINKS_DEBOUNCE_MS);
  const path = (field: string) => `linksAndKeywords.0.linkSets.${index}.${field}`;
  const testId = (field: string) => `link-set-${index + 1}-${field}`;
  const setPercentage = (type: EditablePercentageType, value: number | null) => {
    const next = redistributePercentages(percentagesOf(local), type, value);
    change({
      ...local, primaryPercentage: next.primary, secondaryPercentage: next.secondary, brandedPercentage: next.branded,
      genericPercentage: next.generic, nakedUrlPercentage: next.nakedUrl,
    });
  };

  return (
    <>
      <WizardField path={path('urls')} label="URLs" required extra="The money site pages to link, one per line.">
        <Input.TextArea
          value={local.urls} autoSize={{ minRows: 3, maxRows: 10 }} placeholder="https://example.com/page" data-testid={testId('urls')}
          onChange={(event) => change({ ...local, urls: event.target.value })}
        />
      </WizardField>
      <Row gutter={16}>
        {KEYWORDS.map(([type, label]) => (
          <Col xs={24} md={12} key={type}>
            <WizardField path={path(`${type}Keyword`)} label={`${label} keyword`} required={type === 'primary'}>
              <Input
                value={local[`${type}Keyword`]} data-testid={testId(`${type}Keyword`)} placeholder="Spintax allowed: {a|b}"
                onChange={(event) => change({ ...local, [`${type}Keyword`]: event.target.value })}
              />
            </WizardField>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        {([...KEYWORDS, ['nakedUrl', 'Naked URL']] as const).map(([type, label]) => (
          <Col xs={12} md={4} key={type}>
            <WizardField path={path(`${type}Percentage`)} label={`${label} %`}>
              <InputNumber<number>
                value={local[`${type}Percentage`]} min={0} max={100} precision={0} style={{ width: '100%' }}
                readOnly={type === 'primary'} data-testid={testId(`${type}Percentage`)}
                onChange={(value) => { if (type !== 'primary') setPercentage(type, value); }}
              />
            </WizardField>
          </Col>
        ))}
      </Row>
    </>
  );
}
