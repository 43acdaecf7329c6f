import { Select, Space } from 'antd';
import type { StrategySummary } from '@linkloom/shared';

/** The strategy's preview beside its name (an SVG data URL: shown as an image, it runs nothing). */
const PREVIEW_STYLE = { width: 48, height: 32, objectFit: 'contain', background: '#fff', border: '1px solid #f0f0f0', borderRadius: 4 } as const;
const BUILTIN_MARK_STYLE = { color: 'rgba(0, 0, 0, 0.45)', fontSize: 12 } as const;

/**
 * A search-filterable select of strategies, each option with its preview image and a built-in
 * mark (the campaign list's X-Wizard type, the wizard list's 'New XWizard'). Use it as a Form.Item's
 * control: `value` and `onChange` come from the form.
 */
export function StrategySelect(props: { id?: string; strategies: readonly StrategySummary[]; value?: number; onChange?: (id: number) => void }) {
  return (
    <Select
      id={props.id} placeholder="Select a strategy" data-testid="strategy-select"
      value={props.value} onChange={props.onChange}
      options={props.strategies.map((strategy) => ({ value: strategy.id, label: strategy.name, img: strategy.img, type: strategy.type }))}
      optionRender={(option) => (
        <Space data-testid={`strategy-option-${String(option.value)}`}>
          {option.data.img ? <img src={option.data.img} alt="" style={PREVIEW_STYLE} /> : null}
          <span>{option.label}</span>
          {option.data.type === 'BUILTIN' ? <span style={BUILTIN_MARK_STYLE}>built-in</span> : null}
        </Space>
      )}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent="No strategies yet"
    />
  );
}
