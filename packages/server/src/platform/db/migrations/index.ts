import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../dialect';
import { initialMigration } from './0001-initial';
import { projectsMigration } from './0002-projects';
import { profilesMigration } from './0003-profiles';
import { linkSetsMigration } from './0004-link-sets';
import { privateNetworksMigration } from './0005-private-networks';
import { contentMigration } from './0006-content';
import { projectSitesMigration } from './0007-project-sites';
import { jobsMigration } from './0008-jobs';
import { engineRunsMigration } from './0009-engine-runs';
import { optionsMigration } from './0010-options';
import { scheduleMigration } from './0011-schedule';
import { linkChecksMigration } from './0012-link-checks';
import { pendingImportsMigration } from './0015-pending-imports';
import { loginAttemptsMigration } from './0013-login-attempts';
import { sealedSecretsMigration } from './0014-sealed-secrets';
import { apiTokensMigration } from './0016-api-tokens';
import { strategiesMigration } from './0017-strategies';
import { linkSearchMigration } from './0018-link-search';
import { accountImportUndoMigration } from './0019-account-import-undo';
import { installationMigration } from './0020-installation';
import { customSitesMigration } from './0021-custom-sites';
import { userEmailsMigration } from './0022-user-emails';
import { proxyChecksMigration } from './0023-proxy-checks';
import { linkSearchPerConnectionMigration } from './0025-link-search-per-connection';
import { xwizardsMigration } from './0026-xwizards';
import { customSiteIdsMigration } from './0027-custom-site-ids';
import { linkHealthMigration } from './0029-link-health';
import { accountRegistrationsMigration } from './0030-account-registrations';
import { sealedWizardsMigration } from './0031-sealed-wizards';
import { tierHealthMigration } from './0032-tier-health';
import { anchorQuotaMigration } from './0033-anchor-quota';
import { privateSiteChecksMigration } from './0034-private-site-checks';
import { outputLinkSummaryMigration } from './0035-output-link-summary';
import { postRepublishMigration } from './0036-post-republish';
import { checkHistoryUrlMigration } from './0037-check-history-url';
import { publishIntentMigration } from './0038-publish-intent';
import { postPlanMigration } from './0039-post-plan';
import { runLogMigration } from './0040-run-log';
import { alertsMigration } from './0041-alerts';
import { linkRepointMigration } from './0042-link-repoint';
import { verifierDofollowMigration } from './0043-verifier-dofollow';
import { linkOrderStampMigration } from './0044-link-order-stamp';
import { accountOrderStampMigration } from './0045-account-order-stamp';
import { liveLinkIndexMigration } from './0046-live-link-index';
import type { SecretBox } from '../../crypto/secret-box';

/**
 * Versioned migrations, in order. A migration is never edited once released: add the next one.
 * Names sort lexically, so they carry a zero-padded number. The database's secret box seals the
 * secrets that earlier versions stored in clear (0014).
 */
export function migrationProvider(dialect: DialectName, secrets: SecretBox): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initialMigration(dialect),
    '0002-projects': projectsMigration(dialect),
    '0003-profiles': profilesMigration(dialect),
    '0004-link-sets': linkSetsMigration(dialect),
    '0005-private-networks': privateNetworksMigration(dialect),
    '0006-content': contentMigration(dialect),
    '0007-project-sites': projectSitesMigration(dialect),
    '0008-jobs': jobsMigration(dialect),
    '0009-engine-runs': engineRunsMigration(dialect),
    '0010-options': optionsMigration(dialect),
    '0011-schedule': scheduleMigration(dialect),
    '0012-link-checks': linkChecksMigration(dialect),
    '0013-login-attempts': loginAttemptsMigration(dialect),
    '0014-sealed-secrets': sealedSecretsMigration(dialect, secrets),
    '0015-pending-imports': pendingImportsMigration(dialect),
    '0016-api-tokens': apiTokensMigration(dialect),
    '0017-strategies': strategiesMigration(dialect),
    '0018-link-search': linkSearchMigration(dialect),
    '0019-account-import-undo': accountImportUndoMigration(),
    '0020-installation': installationMigration(),
    '0021-custom-sites': customSitesMigration(dialect),
    '0022-user-emails': userEmailsMigration(dialect),
    '0023-proxy-checks': proxyChecksMigration(),
    '0025-link-search-per-connection': linkSearchPerConnectionMigration(dialect),
    '0026-xwizards': xwizardsMigration(dialect),
    '0027-custom-site-ids': customSiteIdsMigration(dialect),
    '0029-link-health': linkHealthMigration(dialect),
    '0030-account-registrations': accountRegistrationsMigration(dialect),
    '0031-sealed-wizards': sealedWizardsMigration(secrets),
    '0032-tier-health': tierHealthMigration(),
    '0033-anchor-quota': anchorQuotaMigration(),
    '0034-private-site-checks': privateSiteChecksMigration(),
    '0035-output-link-summary': outputLinkSummaryMigration(dialect),
    '0036-post-republish': postRepublishMigration(),
    '0037-check-history-url': checkHistoryUrlMigration(),
    '0038-publish-intent': publishIntentMigration(),
    '0039-post-plan': postPlanMigration(dialect),
    '0040-run-log': runLogMigration(dialect),
    '0041-alerts': alertsMigration(dialect),
    '0042-link-repoint': linkRepointMigration(),
    '0043-verifier-dofollow': verifierDofollowMigration(),
    '0044-link-order-stamp': linkOrderStampMigration(dialect),
    '0045-account-order-stamp': accountOrderStampMigration(dialect),
    '0046-live-link-index': liveLinkIndexMigration(),
  };
  return { getMigrations: async () => migrations };
}
