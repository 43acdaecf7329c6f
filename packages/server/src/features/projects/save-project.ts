import {
  PROJECT_FORM_MESSAGES, PROJECT_KIND_NAMES, PROJECT_LIFECYCLE_MESSAGES, canEdit, normalizeTags, projectKind, siteKey,
  validateAccountCreationProject, validateContentProject, validateIndexerProject,
  type AccountCreationSave, type ContentProjectSave, type FormProblem, type IndexerProjectSave, type ProjectScreen, type SiteSelection,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { ConflictError, HttpError, NotFoundError } from '../../platform/http/errors';
import { findProject, projectSettings, updateProjectForm } from './projects.repository';
import { presentProject } from './projects.presenter';
import { readProjectForm, type KindForm } from './project-settings';
import { assertReferencesOwned } from './project-references';
import { availableSites } from './project-site-sources';
import { setCheckedSites } from './project-sites.repository';
import { loadProjectScreen } from './load-project-screen';
import { STATUS_CHANGED_MEANWHILE } from './change-project-status';

/** A save call's body with the kind of its route (POST /rest/acproject, /rest/postingproject, …). */
export type ProjectSave =
  | { kind: 'acproject'; body: AccountCreationSave }
  | { kind: 'postingproject' | 'privateproject'; body: ContentProjectSave }
  | { kind: 'indexerproject'; body: IndexerProjectSave };

/** The form of a save, split from the project's id and name, tags stored normalised. */
function formOf(save: ProjectSave): KindForm {
  switch (save.kind) {
    case 'acproject': {
      const { id: _id, name: _name, ...form } = save.body.project;
      return { kind: save.kind, form };
    }
    case 'indexerproject': {
      const { id: _id, name: _name, ...form } = save.body.project;
      return { kind: save.kind, form };
    }
    default: {
      const { id: _id, name: _name, ...form } = save.body.project;
      return { kind: save.kind, form: { ...form, tags: normalizeTags(form.tags) } };
    }
  }
}

function problemsOf(project: KindForm, checkedSites: number): FormProblem[] {
  switch (project.kind) {
    case 'acproject': return validateAccountCreationProject(project.form, checkedSites);
    case 'indexerproject': return validateIndexerProject(project.form, checkedSites);
    case 'postingproject': return validateContentProject('posting', project.form, checkedSites);
    case 'privateproject': return validateContentProject('private', project.form, checkedSites);
  }
}

/**
 * The verification status belongs to the verifier (engine): a save keeps the stored one whatever
 * the body says, so a screen opened before a verification cannot overwrite its result.
 */
async function keepVerifierStatus(db: AppContext['database']['db'], ownerId: number, id: number, project: KindForm): Promise<KindForm> {
  if (project.kind !== 'acproject') return project;
  const stored = readProjectForm('acproject', (await projectSettings(db, ownerId, id)) ?? '{}');
  const status = stored.kind === 'acproject' ? stored.form.verificationInfo.status : null;
  return { ...project, form: { ...project.form, verificationInfo: { ...project.form.verificationInfo, status } } };
}

/** The sites' ticks by key; a site sent twice keeps its last tick. */
function ticksByKey(sites: readonly SiteSelection[]): Map<string, boolean> {
  return new Map(sites.map((site) => [siteKey(site.id), site.checked]));
}

/**
 * Saves one of the user's projects from its screen (spec 1 §4, §5): the route's kind must be the
 * project's, the project must not be running, every rule must hold (422 with every message,
 * nothing stored), every id it points at must be the user's (404) and every site one it may use
 * (422). Then the name, the form and the ticks are written in one transaction; after the commit
 * the project's screens hear `projectSaved` and the campaign screen `projectEdited`.
 */
export async function saveProject(ctx: AppContext, ownerId: number, save: ProjectSave): Promise<ProjectScreen> {
  const { db } = ctx.database;
  const { id, name } = save.body.project;
  const record = await findProject(db, ownerId, id);
  if (!record) throw new NotFoundError();
  const actualKind = projectKind(record.module);
  if (actualKind !== save.kind) throw new HttpError(422, PROJECT_FORM_MESSAGES.wrongKind(PROJECT_KIND_NAMES[actualKind]));
  if (!canEdit(record.status, save.kind === 'acproject')) throw new ConflictError(PROJECT_LIFECYCLE_MESSAGES.notEditable(record.status));

  const project = await keepVerifierStatus(db, ownerId, id, formOf(save));
  const ticks = ticksByKey(save.body.sites);
  const checkedKeys = [...ticks].filter(([, checked]) => checked).map(([key]) => key);
  const problems = problemsOf(project, checkedKeys.length);
  if (problems.length > 0) throw new HttpError(422, problems[0]!.message, problems.map((problem) => problem.message));
  await assertReferencesOwned(db, ownerId, project);

  const privateNetworkId = project.kind === 'privateproject' ? project.form.profileId : null;
  const available = new Set((await availableSites(db, ownerId, { kind: project.kind, module: record.module, privateNetworkId })).map((site) => site.key));
  const unknown = [...ticks.keys()].filter((key) => !available.has(key)).length;
  if (unknown > 0) throw new HttpError(422, PROJECT_FORM_MESSAGES.unknownSites(unknown));

  const saved = await db.transaction().execute(async (trx) => {
    const updated = await updateProjectForm(trx, ownerId, id, record.status, { settings: JSON.stringify(project.form), name });
    if (!updated) throw new ConflictError(STATUS_CHANGED_MEANWHILE);
    await setCheckedSites(trx, ownerId, id, checkedKeys);
    return updated;
  });

  ctx.live?.publish(ownerId, `project/${id}`, 'projectSaved', { projectId: id, sessionUuid: save.body.sessionUuid });
  ctx.live?.publish(ownerId, `campaign/${saved.campaign_id}`, 'projectEdited', presentProject(saved));
  return loadProjectScreen(db, ownerId, id);
}
