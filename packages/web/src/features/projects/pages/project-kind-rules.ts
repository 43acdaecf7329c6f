import {
  AccountCreationFormSchema, ContentProjectFormSchema, IndexerProjectFormSchema, PROJECT_FORM_MESSAGES,
  normalizeTags, validateAccountCreationProject, validateContentGeneral, validateContentImage, validateContentProject,
  validateIndexerProject, validateSites, type ContentProjectKind,
} from '@linkloom/shared';
import { accountCreationValues, contentValues, indexerValues } from '../lib/project-rules';
import type { ProjectKindRules } from './use-project-editor';

/** Posting and private projects: tabs general → image → video → indexer → sites (spec 1 §5). */
export function contentRules(kind: ContentProjectKind): ProjectKindRules {
  return {
    fields: Object.keys(ContentProjectFormSchema.shape),
    validate: (values, checkedSites) => validateContentProject(kind, contentValues(values), checkedSites),
    // Spec 1 §4: the schedule dialog first needs valid general and image tabs and a checked site.
    beforeSchedule: (values, checkedSites) => {
      const form = contentValues(values);
      return [...validateContentGeneral(kind, form), ...validateContentImage(form), ...validateSites(checkedSites)];
    },
    fixMessage: PROJECT_FORM_MESSAGES.fixProblems,
    toBody: (values) => {
      const form = contentValues(values);
      return { ...form, tags: normalizeTags(form.tags) };
    },
  };
}

export const POSTING_RULES = contentRules('posting');
export const PRIVATE_RULES = contentRules('private');

export const ACCOUNT_CREATION_RULES: ProjectKindRules = {
  fields: Object.keys(AccountCreationFormSchema.shape),
  validate: (values, checkedSites) => validateAccountCreationProject(accountCreationValues(values), checkedSites),
  fixMessage: PROJECT_FORM_MESSAGES.fixAllErrors,
  toBody: (values) => {
    // verificationInfo.status belongs to the verifier; it is shown, not sent back.
    const { verificationInfo, ...rest } = accountCreationValues(values);
    return { ...rest, verificationInfo: { ...verificationInfo, status: null } };
  },
};

export const INDEXER_RULES: ProjectKindRules = {
  fields: Object.keys(IndexerProjectFormSchema.shape),
  validate: (values, checkedSites) => validateIndexerProject(indexerValues(values), checkedSites),
  fixMessage: PROJECT_FORM_MESSAGES.fixAllErrors,
  toBody: (values) => indexerValues(values),
};
