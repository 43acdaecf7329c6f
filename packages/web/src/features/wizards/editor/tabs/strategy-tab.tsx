import { Suspense, lazy, useState } from 'react';
import { Alert, App, Form, Spin, Typography } from 'antd';
import { WIZARD_MESSAGES } from '@linkloom/shared';
import { StrategySelect } from '@/components/strategy-select';
import DOMPurify from 'dompurify';
import { useWizards } from '../../api/wizards-api';
import { loadStrategy } from '../../api/wizard-editor-api';
import { useWizardEditor } from '../editor-context';
import { TabForm } from '../wizard-field';
import { resetWizardStrategy, wizardDiagram, wizardFromStrategy } from '../wizard-model';

/** The React Flow viewer is its own chunk: the editor's first paint does not wait for it. */
export const LazyWizardDiagram = lazy(() => import('../wizard-diagram').then((m) => ({ default: m.WizardDiagram })));

export function DiagramLoading() {
  return <Spin style={{ display: 'block', margin: '48px auto' }} />;
}

/**
 * Strategy tab (spec 2 §2): read-only. The selector changes the strategy after 'Changing diagram
 * will reset your data. Do you want to continue' (Cancel keeps the current one) and re-initialises
 * the wizard; the diagram offers Download Diagram, Auto-layout and Zoom.
 */
export function StrategyTab() {
  const { wizard, update, flushAll } = useWizardEditor();
  const { modal } = App.useApp();
  const list = useWizards();
  const [changing, setChanging] = useState(false);
  const diagram = wizardDiagram(wizard);

  const change = (id: number) => {
    if (id === wizard.strategy?.id) return;
    modal.confirm({
      title: 'Change strategy', content: WIZARD_MESSAGES.changeStrategyConfirm,
      okButtonProps: { 'data-testid': 'confirm-change-strategy' }, cancelButtonProps: { 'data-testid': 'cancel-change-strategy' },
      onOk: async () => {
        setChanging(true);
        try {
          const strategy = await loadStrategy(id);
          const chosen = { id: strategy.id, name: strategy.name, description: strategy.description, strategy: strategy.strategy };
          if (wizardFromStrategy(chosen) === null) modal.error({ title: WIZARD_MESSAGES.initNoDiagram });
          else {
            // Typing still waiting lands in the old wizard first, which the reset then replaces.
            flushAll();
            update((current) => resetWizardStrategy(current, chosen) ?? current);
          }
        } catch {
          modal.error({ title: WIZARD_MESSAGES.initDiagramMissing });
        } finally {
          setChanging(false);
        }
      },
    });
  };

  return (
    <TabForm>
      <Form.Item label="Strategy" htmlFor="wizard-strategy" required>
        <StrategySelect id="wizard-strategy" strategies={list.data?.strategies ?? []} value={wizard.strategy?.id} onChange={change} />
      </Form.Item>
      {wizard.strategy?.description
        // Stored descriptions are sanitised on the server too; sanitising here keeps an old row harmless.
        ? <div className="ql-editor" style={{ padding: 0 }} data-testid="strategy-description" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(wizard.strategy.description) }} />
        : null}
      <Typography.Paragraph type="secondary" data-testid="strategy-depth">{`${wizard.depth} tier${wizard.depth === 1 ? '' : 's'}`}</Typography.Paragraph>
      {changing ? <DiagramLoading /> : diagram ? (
        <Suspense fallback={<DiagramLoading />}>
          <LazyWizardDiagram diagram={diagram} name={wizard.strategy?.name ?? 'strategy'} tools testId="strategy-diagram" />
        </Suspense>
      ) : <Alert type="error" showIcon title={WIZARD_MESSAGES.initNoDiagram} />}
    </TabForm>
  );
}
