import { useMemo, useState } from 'react';
import { App, Checkbox, Flex, Form, InputNumber, Radio, Result, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  DISABLED_REASONS, PathIdSchema, platformPairKey, platformPairOfKey, sortPlatformPairs, SITE_SELECTION_MESSAGES, SITE_SELECTION_TYPE_LABELS, SITE_SELECTION_TYPES, SELECTED_PLATFORM_PROB,
  type SiteSelectionResponse, type SiteSelectionType,
} from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { ExplainedButton } from '@/components/disabled-reason';
import { SiteGrid } from '@/components/site-grid';
import { NotFoundResult } from '@/components/not-found-result';
import { isNotFound } from '@/lib/http-error';
import { useLiveTopic } from '@/lib/use-live-topic';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes-guard';
import { siteSelectionKeys } from '../api/site-selection-keys';
import { useSaveSiteSelection, useSiteSelection } from '../api/site-selections-api';
import { PlatformGrid } from '../components/platform-grid';

/** The site selection editor (/site-selection/:id, spec 2 §2). */
export function SiteSelectionPage() {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  return <SiteSelectionScreen key={parsed.data} id={parsed.data} />;
}

interface Draft {
  siteSelectionType: SiteSelectionType;
  minPR: number;
  dofollow: boolean;
  img: boolean;
  video: boolean;
  sites: ReadonlySet<string>;
  platforms: ReadonlySet<string>;
}

/** The editor's starting point: what the server holds. */
function draftOf(data: SiteSelectionResponse): Draft {
  const { siteSelection: s } = data;
  return {
    siteSelectionType: s.siteSelectionType, minPR: s.minPR, dofollow: s.dofollow, img: s.img, video: s.video,
    sites: new Set(data.sites.filter((row) => row.checked).map((row) => row.key)),
    platforms: new Set(data.platforms.filter((row) => row.checked).map(platformPairKey)),
  };
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((key) => b.has(key));

/** Whether the draft still holds what the server does. */
function sameDraft(a: Draft, b: Draft): boolean {
  return a.siteSelectionType === b.siteSelectionType && a.minPR === b.minPR && a.dofollow === b.dofollow
    && a.img === b.img && a.video === b.video && sameSet(a.sites, b.sites) && sameSet(a.platforms, b.platforms);
}

function SiteSelectionScreen({ id }: { id: number }) {
  const query = useSiteSelection(id);
  const save = useSaveSiteSelection(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadedFrom, setLoadedFrom] = useState<SiteSelectionResponse | null>(null);
  const data = query.data;
  // A fresh answer (first load, after a save) restarts the draft from it.
  if (data && data !== loadedFrom) {
    setLoadedFrom(data);
    setDraft(draftOf(data));
  }

  useLiveTopic('site_selections', (live) => {
    if (live.name === 'deleted' && live.payload.ids.includes(id)) {
      message.info('This site selection was deleted.');
      void navigate('/site-selections', { replace: true });
    } else if (live.name === 'edited' && live.payload.id === id && live.payload.name !== data?.siteSelection.name) {
      void queryClient.invalidateQueries({ queryKey: siteSelectionKeys.selection(id) });
    }
  });

  const saved = useMemo(() => (data ? draftOf(data) : null), [data]);
  const changed = draft !== null && saved !== null && !sameDraft(draft, saved);
  const { markSaved } = useUnsavedChangesGuard(changed);

  const sites = useMemo(() => data?.sites ?? [], [data]);
  const siteByKey = useMemo(() => new Map(sites.map((row) => [row.key, row])), [sites]);
  const change = (patch: Partial<Draft>) => setDraft((old) => (old ? { ...old, ...patch } : old));

  const handleSave = async () => {
    if (!draft || !data) return;
    await save.mutateAsync({
      siteSelection: {
        id, name: data.siteSelection.name, siteSelectionType: draft.siteSelectionType,
        img: draft.img, video: draft.video, dofollow: draft.dofollow, minPR: draft.minPR,
      },
      selectedSites: [...draft.sites].flatMap((key) => {
        const row = siteByKey.get(key);
        return row && 'module' in row.id ? [{ id: { siteId: row.id.siteId, module: row.id.module }, siteSelectionId: id }] : [];
      }),
      // Every ticked pair, those no site has yet included (the grid's switch shows them).
      selectedPlatforms: sortPlatformPairs([...draft.platforms].map(platformPairOfKey))
        .map((pair) => ({ id: { platform: pair.platform, module: pair.module }, siteSelectionId: id, prob: SELECTED_PLATFORM_PROB })),
    });
    markSaved();
  };

  if (query.isError && isNotFound(query.error)) return <NotFoundResult />;
  if (query.isError) return <Result status="warning" title={SITE_SELECTION_MESSAGES.getFailed} data-testid="get-failed" />;
  const name = data?.siteSelection.name ?? '';

  return (
    <div data-testid="site-selection-page">
      <PageHeader
        title={name}
        documentTitle={`Site Selection: ${name}`}
        loading={query.isLoading}
        breadcrumbs={[{ title: 'Site Selections', to: '/site-selections' }, { title: name }]}
        extra={(
          <ExplainedButton
            type="primary" icon={<SaveOutlined />} loading={save.isPending} disabledReason={draft ? null : DISABLED_REASONS.stillLoading}
            onClick={() => void handleSave().catch(() => undefined)} data-testid="save-changes"
          >
            Save Changes
          </ExplainedButton>
        )}
      />
      {draft && (
        <>
          <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid="selection-form">
            <Form.Item label="Select By" required>
              <Radio.Group
                aria-label="Select By"
                value={draft.siteSelectionType}
                onChange={(event) => change({ siteSelectionType: event.target.value as SiteSelectionType })}
                optionType="button"
                options={SITE_SELECTION_TYPES.map((type) => ({ value: type, label: <span data-testid={`select-by-${type}`}>{SITE_SELECTION_TYPE_LABELS[type]}</span> }))}
              />
            </Form.Item>
            <Form.Item label="Min DA" htmlFor="filter-min-pr">
              <InputNumber<number> id="filter-min-pr" min={0} max={100} precision={0} value={draft.minPR} onChange={(value) => change({ minPR: value ?? 0 })} style={{ width: 90 }} data-testid="filter-min-pr" />
            </Form.Item>
            <Form.Item>
              <Space>
                <Checkbox checked={draft.dofollow} onChange={(e) => change({ dofollow: e.target.checked })} data-testid="filter-dofollow">Dofollow</Checkbox>
                <Checkbox checked={draft.img} onChange={(e) => change({ img: e.target.checked })} data-testid="filter-img">Images</Checkbox>
                <Checkbox checked={draft.video} onChange={(e) => change({ video: e.target.checked })} data-testid="filter-video">Videos</Checkbox>
              </Space>
            </Form.Item>
          </Form>
          <Flex vertical>
            {draft.siteSelectionType === 'Condition'
              ? <PlatformGrid platforms={data?.platforms ?? []} checked={draft.platforms} onCheckedChange={(platforms) => change({ platforms })} />
              : (
                <SiteGrid
                  urlState
                  sites={sites}
                  grouping="module-platform"
                  checked={draft.sites}
                  onCheckedChange={(next) => change({ sites: next })}
                  editing
                  loading={query.isFetching}
                  emptyHint="Add sites on the Custom Sites screen or in a private network"
                />
              )}
          </Flex>
        </>
      )}
    </div>
  );
}
