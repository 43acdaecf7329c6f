import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_ROUTE } from '@linkloom/shared';

/** One step of the trail; without `to` it is plain text (the current screen). */
export interface BreadcrumbStep {
  title: string;
  to?: string;
}

/**
 * The breadcrumb trail of a screen, always starting at Home (the campaign list), e.g.
 * Home > Campaigns > Campaign: {name} > Project: {name} (spec 1, section 2).
 */
export function PageBreadcrumbs({ items }: { items: readonly BreadcrumbStep[] }) {
  const steps: BreadcrumbStep[] = [{ title: 'Home', to: DEFAULT_ROUTE }, ...items];
  return (
    <Breadcrumb
      data-testid="breadcrumbs"
      style={{ marginBottom: 16 }}
      items={steps.map((step, index) => ({
        key: `${index}-${step.title}`,
        title: step.to !== undefined && index < steps.length - 1 ? <Link to={step.to}>{step.title}</Link> : step.title,
      }))}
    />
  );
}
