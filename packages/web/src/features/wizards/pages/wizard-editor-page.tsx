import { useState } from 'react';
import { Result, Spin } from 'antd';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { PathIdSchema, WIZARD_MESSAGES, type Wizard } from '@linkloom/shared';
import { NotFoundResult } from '@/components/not-found-result';
import { HttpError, isNotFound } from '@/lib/http-error';
import { searchWithout } from '@/lib/url-state';
import { DocumentTitle } from '@/lib/use-document-title';
import { useDuplicateCampaignWizard, useSavedWizard, useWizardStrategy } from '../api/wizard-editor-api';
import { WizardEditor } from '../editor/wizard-editor';
import { openSavedWizard, wizardFromStrategy, type EditorMode } from '../editor/wizard-model';

/**
 * The wizard editor's routes (spec 2 §2): /xwizard/:id (a saved wizard), /newwizard/:sid and
 * /newcampaign/:sid (a strategy; query campaignName, wizardName), /duplicatecampaign/:cid (a
 * campaign made by the wizard; query campaignName, useSameAccounts).
 */
export function WizardEditorPage({ mode }: { mode: EditorMode }) {
  const params = useParams();
  const location = useLocation();
  const parsed = PathIdSchema.safeParse(mode === 'wizard' ? params.id : mode === 'duplicateCampaign' ? params.cid : params.sid);
  if (!parsed.success) return <NotFoundResult />;
  // A new route or new starting values (campaignName…) open a new editor; a tab change (?tab=) keeps it.
  return <WizardSource key={`${location.pathname}${searchWithout(location.search, ['tab'])}`} mode={mode} id={parsed.data} />;
}

/** What the browser tab says until the editor (its PageHeader) names the wizard. */
const MODE_TITLES: Record<EditorMode, string> = {
  wizard: 'Wizard', newWizard: 'New wizard', newCampaign: 'New campaign', duplicateCampaign: 'Duplicate campaign',
};

function Failed({ title, mode }: { title: string; mode: EditorMode }) {
  return (
    <>
      <DocumentTitle title={MODE_TITLES[mode]} />
      <Result status="warning" title={title} data-testid="wizard-init-failed" />
    </>
  );
}

/** Loads what the route starts from, then opens the editor on it once. */
function WizardSource({ mode, id }: { mode: EditorMode; id: number }) {
  const [search] = useSearchParams();
  const campaignName = search.get('campaignName') ?? undefined;
  const wizardName = search.get('wizardName') ?? undefined;
  const saved = useSavedWizard(mode === 'wizard' ? id : null);
  const strategy = useWizardStrategy(mode === 'newWizard' || mode === 'newCampaign' ? id : null);
  const duplicate = useDuplicateCampaignWizard(mode === 'duplicateCampaign' ? id : null, {
    campaignName, useSameAccounts: search.get('useSameAccounts') ?? undefined,
  });
  const [initial, setInitial] = useState<Wizard | null>(null);

  if (mode === 'wizard') {
    if (saved.isError) return isNotFound(saved.error) ? <NotFoundResult /> : <Failed mode={mode} title={WIZARD_MESSAGES.getFailed} />;
    if (saved.data && initial === null) setInitial(openSavedWizard(saved.data));
  } else if (mode === 'duplicateCampaign') {
    if (duplicate.isError) {
      if (isNotFound(duplicate.error)) return <NotFoundResult />;
      const notWizard = duplicate.error instanceof HttpError && duplicate.error.serverMessage === WIZARD_MESSAGES.notWizardCampaign;
      return <Failed mode={mode} title={notWizard ? WIZARD_MESSAGES.notWizardCampaign : WIZARD_MESSAGES.duplicateCampaignLoadFailed} />;
    }
    if (duplicate.data && initial === null) setInitial(duplicate.data.wizard);
  } else {
    if (strategy.isError) return isNotFound(strategy.error) ? <Failed mode={mode} title={WIZARD_MESSAGES.initDiagramMissing} /> : <Failed mode={mode} title={WIZARD_MESSAGES.initFailed} />;
    if (strategy.data && initial === null) {
      const s = strategy.data;
      const fresh = wizardFromStrategy({ id: s.id, name: s.name, description: s.description, strategy: s.strategy }, { campaignName, wizardName });
      if (fresh === null) return <Failed mode={mode} title={WIZARD_MESSAGES.initNoDiagram} />;
      setInitial(fresh);
    }
  }
  if (initial === null) {
    return (
      <>
        <DocumentTitle title={MODE_TITLES[mode]} />
        <Spin size="large" style={{ display: 'block', margin: '64px auto' }} data-testid="wizard-loading" />
      </>
    );
  }
  return <WizardEditor mode={mode} initial={initial} sourceCampaignId={mode === 'duplicateCampaign' ? id : null} />;
}
