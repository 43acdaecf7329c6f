import { Suspense, lazy, useMemo, useState } from 'react';
import { Alert, Button, Result, Spin, Tabs, Tag } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import DOMPurify from 'dompurify';
import {
  PathIdSchema, STRATEGY_MESSAGES, defaultDiagram, readDiagramText, validateDiagram, type Diagram, type Strategy,
} from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { toastFailed } from '@/lib/action-feedback';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes-guard';
import { useUrlTab } from '@/lib/use-url-state';
import { useProfileNames, useSaveStrategy, useStrategy } from '../api/strategies-api';
import { useStrategiesLive } from '../api/use-strategies-live';
import { DescriptionView } from '../components/description-view';
import { DiagramCanvas } from '../designer/diagram-canvas';
import { diagramSvg } from '../designer/export/export-files';
import { useDiagramChanged, useDiagramStore } from '../designer/use-diagram-editor';

const DescriptionEditor = lazy(() => import('../components/description-editor'));

const TABS = ['diagram', 'description'] as const;
const NO_PROFILE_NAMES: readonly string[] = [];

/** The diagram designer (/strategy/:id, spec 2 §2). */
export function StrategyDesignerPage() {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <Result status="404" title="No such diagram" />;
  return <DesignerLoader key={parsed.data} id={parsed.data} />;
}

function DesignerLoader({ id }: { id: number }) {
  const strategy = useStrategy(id);
  useStrategiesLive();
  if (strategy.isError) return <Result status="404" title={STRATEGY_MESSAGES.getFailed} data-testid="strategy-missing" />;
  if (!strategy.data) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  return <DesignerScreen strategy={strategy.data} />;
}

/** The stored diagram, or the default one (with the reason) when its text cannot be read. */
function readStored(text: string): { doc: Diagram; problem: string | null } {
  if (text.trim() === '') return { doc: defaultDiagram(), problem: null };
  const read = readDiagramText(text);
  return read.ok ? { doc: read.diagram, problem: null } : { doc: defaultDiagram(), problem: read.problems.map((problem) => problem.message).join('; ') };
}

function DesignerScreen({ strategy }: { strategy: Strategy }) {
  const canEdit = strategy.type === 'CUSTOM';
  const [stored] = useState(() => readStored(strategy.strategy));
  // The page watches only whether the diagram changed: a drag draws the paper again, not the page.
  const store = useDiagramStore(stored.doc);
  const [description, setDescription] = useState(strategy.description);
  const [saved, setSaved] = useState({ doc: stored.doc, description: strategy.description });
  const docChanged = useDiagramChanged(store, saved.doc);
  const changed = canEdit && (docChanged || description !== saved.description);
  const { markSaved } = useUnsavedChangesGuard(changed);
  const saveStrategy = useSaveStrategy(strategy.id);
  const profileNames = useProfileNames();
  // The open tab lives in the address (?tab=description); edits stay when it changes (same screen).
  const [tab, openTab] = useUrlTab(TABS, 'diagram');
  const cleanDescription = useMemo(() => DOMPurify.sanitize(strategy.description), [strategy.description]);

  const handleSave = async () => {
    const doc = store.current();
    const problems = validateDiagram(doc);
    if (problems.length > 0) {
      toastFailed(STRATEGY_MESSAGES.invalidDiagram(problems.map((problem) => problem.message)));
      return;
    }
    await saveStrategy.mutateAsync({ name: strategy.name, description, img: diagramSvg(doc), strategy: JSON.stringify(doc) });
    markSaved();
    setSaved({ doc, description });
  };

  return (
    <div data-testid="strategy-designer-page">
      <PageHeader
        title={strategy.name}
        breadcrumbs={[{ title: 'Diagrams', to: '/strategies' }, { title: strategy.name }]}
        extra={canEdit ? (
          <Button type="primary" icon={<SaveOutlined />} onClick={() => void handleSave().catch(() => undefined)} loading={saveStrategy.isPending} data-testid="save-strategy">
            Save{changed ? ' *' : ''}
          </Button>
        ) : <Tag color="gold" data-testid="builtin-tag">BUILTIN: view only, clone it to edit</Tag>}
      />
      {stored.problem !== null && <Alert type="warning" showIcon title={`The stored diagram could not be read: ${stored.problem}`} style={{ marginBottom: 12 }} />}
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          {
            key: 'diagram', label: 'Diagram',
            children: <DiagramCanvas store={store} name={strategy.name} canEdit={canEdit} profileNames={profileNames.data ?? NO_PROFILE_NAMES} />,
          },
          {
            key: 'description', label: 'Description',
            children: canEdit ? (
              <Suspense fallback={<Spin />}>
                <DescriptionEditor value={description === strategy.description ? cleanDescription : description} onChange={setDescription} />
              </Suspense>
            ) : <DescriptionView html={strategy.description} />,
          },
        ]}
      />
    </div>
  );
}
