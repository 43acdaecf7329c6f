import lzString from 'lz-string';
import { describe, expect, it } from 'vitest';
import {
  ContentProjectFormSchema, PROJECT_FORM_MESSAGES, PROJECT_LIFECYCLE_MESSAGES, ProjectScreenSchema, validateContentProject,
  type ProjectScreen, type SiteId,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { buildLinkSet } from '../support/link-factories';
import { buildContentGroup, buildProjectSites, buildSites, checkedKeys, projectSnapshot } from '../support/project-factories';
import { NOT_COMPRESSED } from '../../src/features/projects/project-save-bodies';

type Form = Record<string, unknown>;
const M = PROJECT_FORM_MESSAGES;

describe.each(DATABASES)('project saves on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  const save = (path: string, body: unknown, agent = ann.agent) => agent.request('POST', `/rest/${path}`, { body });
  const screenOf = async (id: number): Promise<ProjectScreen> => ProjectScreenSchema.parse((await ann.agent.request('GET', `/rest/project/${id}`)).json());
  const bodyOf = (id: number, form: Form, sites: { id: SiteId; checked: boolean }[], extra: Form = {}) => ({
    project: { id, ...form, ...extra }, sites, sessionUuid: 'ann-session-1',
  });

  /** A posting project of Ann with everything its form can point at, and a valid form. */
  async function postingWorld() {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Accounts' });
    const input = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Input' });
    const output = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Output' });
    const group = await buildContentGroup(db(), { ownerId: ann.id, name: 'Articles' });
    const { sites } = await buildSites(db(), { ownerId: ann.id, module: 'SocialNetwork', count: 3 });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'SocialNetwork', name: 'Blogs' });
    const form: Form = {
      selectedCampaignId: campaign.id, profileId: profile.id, urlListId: output.id, contentGroupId: group.id, useLinkSet: true,
      linkSetProfiles: [{ linkSetId: input.id, name: 'Input', minLinks: 1, maxLinks: 2, linkProb: 80 }],
      linkPlacement: 'RandomParagraph', minLinks: 1, maxLinks: 3, outputAnchor: 'Keyword', tags: ' seo , links,seo,, ',
      insertImages: true, searchForImages: true, keywordsForImage: 'cats', imagesToInsert: '', minImage: 0, maxImage: 2, imagePosition: 'Top',
      insertVideos: true, searchForVideos: false, keywordsForVideo: '', videosToInsert: 'https://video.test/1', minVideo: 1, maxVideo: 1, videoPosition: 'Bottom',
      useIndexers: true, indexers: ['IndexNow', 'SpeedyIndex'],
    };
    const siteIds: SiteId[] = sites.map((site) => ({ module: 'SocialNetwork', siteId: site.id }));
    const ticks = (...checked: boolean[]) => siteIds.map((siteId, i) => ({ id: siteId, checked: checked[i] ?? false }));
    return { campaign, profile, input, output, group, sites, siteIds, id, form, ticks };
  }

  async function privateWorld() {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const output = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id });
    const group = await buildContentGroup(db(), { ownerId: ann.id });
    const first = await buildSites(db(), { ownerId: ann.id, count: 2 });
    const second = await buildSites(db(), { ownerId: ann.id, count: 2 });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private', name: 'PBN' });
    const form: Form = { profileId: first.networkId, urlListId: output.id, contentGroupId: group.id, linkPlacement: 'Top', tags: 'a' };
    const idsOf = (sites: { id: number; email: string }[]): SiteId[] => sites.map((site) => ({ siteId: site.id, email: site.email }));
    return { campaign, output, group, first, second, id, form, idsOf };
  }

  async function accountCreationWorld() {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id });
    const { sites } = await buildSites(db(), { ownerId: ann.id, module: 'Wiki', platform: 'MediaWiki', count: 2 });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation' });
    const form: Form = {
      profileId: profile.id, firstName: 'Ann', lastName: 'Lee', username: 'annlee', password: 'secret', blogTitle: '', blogName: 'annsblog',
      emailSource: 'MANUAL',
      verificationInfo: {
        emailServer: 'imap.mail.test', emailServerPort: 993, mailProtocol: 'imap', emailAddress: 'ann@mail.test', emailLogin: 'ann',
        emailPassword: 'pw', SSL: true, checkSpamFolder: true, spamFolderName: 'Junk', status: null,
      },
    };
    const siteIds: SiteId[] = sites.map((site) => ({ module: 'Wiki', siteId: site.id }));
    return { campaign, profile, sites, siteIds, id, form };
  }

  async function indexerWorld() {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Indexer' });
    const engine = (siteId: number, checked: boolean) => ({ id: { module: 'Indexer', siteId }, checked });
    return { campaign, linkSet, id, form: { linkSetId: linkSet.id } as Form, engine };
  }

  /** Sends each body and expects 422 with exactly that message and nothing stored. */
  async function expectRefused(path: string, id: number, cases: [Form, unknown, string][]) {
    const before = await projectSnapshot(db(), id);
    for (const [label, body, message] of cases) {
      const response = await save(path, body);
      expect(response.statusCode, JSON.stringify(label)).toBe(422);
      expect(response.json(), JSON.stringify(label)).toEqual({ error: { message, details: [message] } });
    }
    expect(await projectSnapshot(db(), id)).toBe(before);
  }

  describe('round trips', () => {
    it.skipIf(skip)('saves a posting project: name, form with tags normalised, ticks; answers the fresh screen; tells the screens live', async () => {
      const world = await postingWorld();
      await buildProjectSites(db(), { ownerId: ann.id, projectId: world.id }, [{ key: `SocialNetwork:${world.sites[0]!.id}`, status: 'SUCCESS', waitInfo: 'done' }]);
      const inbox = await liveInbox(ann.agent, `project/${world.id}`, `campaign/${world.campaign.id}`);

      const response = await save('postingproject', bodyOf(world.id, world.form, world.ticks(true, false, true), { name: '  Renamed  ' }));
      expect(response.statusCode, response.body).toBe(200);
      const screen = ProjectScreenSchema.parse(response.json());
      if (screen.kind !== 'postingproject') throw new Error(screen.kind);
      expect(screen.project).toEqual({
        id: world.id, campaignId: world.campaign.id, name: 'Renamed', module: 'SocialNetwork', status: 'NEW', lastError: [], schedule: null,
        ...ContentProjectFormSchema.parse(world.form), tags: 'seo,links',
      });
      const mine = screen.sites.filter((site) => world.sites.some((s) => site.id.siteId === s.id));
      expect(mine.map((site) => [site.checked, site.status, site.waitInfo])).toEqual([[true, 'SUCCESS', 'done'], [false, 'NONE', null], [true, 'NONE', null]]);
      expect(await screenOf(world.id)).toEqual(screen);

      await expect.poll(() => inbox.messages.length).toBe(2);
      expect(inbox.messages).toEqual([
        { topic: `project/${world.id}`, name: 'projectSaved', payload: { projectId: world.id, sessionUuid: 'ann-session-1' } },
        {
          topic: `campaign/${world.campaign.id}`, name: 'projectEdited',
          payload: { id: world.id, campaignId: world.campaign.id, name: 'Renamed', module: 'SocialNetwork', status: 'NEW', lastError: [], schedule: null },
        },
      ]);

      // A later save unticks what it does not tick; the engine's status stays.
      const again = await save('postingproject', bodyOf(world.id, world.form, [{ id: world.siteIds[1]!, checked: true }]));
      expect(again.statusCode).toBe(200);
      expect(await checkedKeys(db(), world.id)).toEqual([`SocialNetwork:${world.sites[1]!.id}`]);
      const row = await db().selectFrom('project_sites').select(['checked', 'status']).where('project_id', '=', world.id)
        .where('site_key', '=', `SocialNetwork:${world.sites[0]!.id}`).executeTakeFirstOrThrow();
      expect(row).toEqual({ checked: 0, status: 'SUCCESS' });
      expect(again.json().project.name).toBe('Renamed');
    });

    it.skipIf(skip)('saves a private project and its network\'s sites; switching network leaves only the new ticks', async () => {
      const world = await privateWorld();
      const first = await save('privateproject', bodyOf(world.id, world.form, world.idsOf(world.first.sites).map((id) => ({ id, checked: true }))));
      expect(first.statusCode, first.body).toBe(200);
      const screen = ProjectScreenSchema.parse(first.json());
      expect(screen.project).toMatchObject({ profileId: world.first.networkId, tags: 'a' });
      expect(screen.sites.map((site) => [site.id, site.checked])).toEqual(world.idsOf(world.first.sites).map((id) => [id, true]));

      const switched = await save('privateproject', bodyOf(world.id, { ...world.form, profileId: world.second.networkId }, [{ id: world.idsOf(world.second.sites)[1]!, checked: true }]));
      expect(switched.statusCode, switched.body).toBe(200);
      expect(ProjectScreenSchema.parse(switched.json()).sites.map((site) => site.checked)).toEqual([false, true]);
      expect(await checkedKeys(db(), world.id)).toEqual([`${world.second.sites[1]!.id}:${world.second.sites[1]!.email}`]);
    });

    it.skipIf(skip)('saves an account creation project, email settings included', async () => {
      const world = await accountCreationWorld();
      const response = await save('acproject', bodyOf(world.id, world.form, [{ id: world.siteIds[0]!, checked: true }]));
      expect(response.statusCode, response.body).toBe(200);
      const screen = await screenOf(world.id);
      expect(screen.project).toMatchObject(world.form);
      expect(screen.sites.filter((site) => site.checked).map((site) => site.id)).toEqual([world.siteIds[0]]);

      // Another source than MANUAL does not need the email tab.
      const listed = await save('acproject', bodyOf(world.id, { ...world.form, emailSource: 'LIST', verificationInfo: {} }, [{ id: world.siteIds[1]!, checked: true }]));
      expect(listed.statusCode, listed.body).toBe(200);
      expect((await screenOf(world.id)).project).toMatchObject({ emailSource: 'LIST', verificationInfo: { emailServer: '', emailServerPort: 995 } });
      // The original's name of the product's own mail source (issue 38).
      const original = await save('acproject', bodyOf(world.id, { ...world.form, emailSource: 'RANKERX', verificationInfo: {} }, [{ id: world.siteIds[1]!, checked: true }]));
      expect(original.statusCode, original.body).toBe(200);
      expect((await screenOf(world.id)).project).toMatchObject({ emailSource: 'LINKLOOM' });
    });

    it.skipIf(skip)("keeps the Manual mailbox's STARTTLS and self-signed choices; a mailbox stored before them reads as off; a wrong type is refused", async () => {
      const world = await accountCreationWorld();
      const ticked = [{ id: world.siteIds[0]!, checked: true }];
      const info = { ...(world.form.verificationInfo as Form), SSL: false, emailServerPort: 143, startTls: true, allowSelfSigned: true };
      const response = await save('acproject', bodyOf(world.id, { ...world.form, verificationInfo: info }, ticked));
      expect(response.statusCode, response.body).toBe(200);
      const infoOf = async () => {
        const screen = await screenOf(world.id);
        if (screen.kind !== 'acproject') throw new Error(screen.kind);
        return screen.project.verificationInfo;
      };
      expect(await infoOf()).toMatchObject({ SSL: false, emailServerPort: 143, startTls: true, allowSelfSigned: true });
      const stored = await db().selectFrom('projects').select('settings').where('id', '=', world.id).executeTakeFirstOrThrow();
      expect(JSON.parse(stored.settings).verificationInfo).toMatchObject({ startTls: true, allowSelfSigned: true });

      // A wrong type: 422, and the stored choices stay.
      const before = await projectSnapshot(db(), world.id);
      for (const patch of [{ startTls: 'yes' }, { allowSelfSigned: 1 }]) {
        const refused = await save('acproject', bodyOf(world.id, { ...world.form, verificationInfo: { ...info, ...patch } }, ticked));
        expect(refused.statusCode, JSON.stringify(patch)).toBe(422);
      }
      expect(await projectSnapshot(db(), world.id)).toBe(before);

      // A project saved before the two fields existed: its settings lack them, and it reads (and runs) with both off.
      const old = JSON.parse(stored.settings) as { verificationInfo: Record<string, unknown> };
      delete old.verificationInfo.startTls;
      delete old.verificationInfo.allowSelfSigned;
      await db().updateTable('projects').set({ settings: JSON.stringify(old) }).where('id', '=', world.id).execute();
      expect(await infoOf()).toMatchObject({ emailServer: 'imap.mail.test', startTls: false, allowSelfSigned: false });
    });

    it.skipIf(skip)('a duplicated project keeps the form and the ticked sites, with fresh statuses', async () => {
      const world = await privateWorld();
      const ticks = world.idsOf(world.first.sites).map((id, i) => ({ id, checked: i === 0 }));
      expect((await save('privateproject', bodyOf(world.id, world.form, ticks))).statusCode).toBe(200);
      await db().updateTable('project_sites').set({ status: 'SUCCESS' }).where('project_id', '=', world.id).execute();
      const copied = await ann.agent.request('POST', `/action/duplicate/project/${world.id}`, { body: { name: 'Copy of PBN' } });
      expect(copied.statusCode, copied.body).toBe(200);
      const copy = await screenOf((copied.json() as { id: number }).id);
      expect(copy.project).toMatchObject({ name: 'Copy of PBN', status: 'NEW', profileId: world.first.networkId, tags: 'a' });
      expect(copy.sites.map((site) => [site.checked, site.status])).toEqual([[true, 'NONE'], [false, 'NONE']]);
    });

    it.skipIf(skip)('keeps the verifier\'s verification status whatever a save sends', async () => {
      const world = await accountCreationWorld();
      expect((await save('acproject', bodyOf(world.id, world.form, [{ id: world.siteIds[0]!, checked: true }]))).statusCode).toBe(200);
      const stored = await db().selectFrom('projects').select('settings').where('id', '=', world.id).executeTakeFirstOrThrow();
      const settings = JSON.parse(stored.settings) as { verificationInfo: Record<string, unknown> };
      await db().updateTable('projects').set({ settings: JSON.stringify({ ...settings, verificationInfo: { ...settings.verificationInfo, status: 'Verified 3 of 4' } }) })
        .where('id', '=', world.id).execute();
      const info = { ...(world.form.verificationInfo as Form), status: 'forged' };
      const response = await save('acproject', bodyOf(world.id, { ...world.form, verificationInfo: info }, [{ id: world.siteIds[0]!, checked: true }]));
      expect(response.statusCode, response.body).toBe(200);
      expect((await screenOf(world.id)).project).toMatchObject({ verificationInfo: { status: 'Verified 3 of 4' } });
    });

    it.skipIf(skip)('saves an indexer project, also from the lz-string compressed form', async () => {
      const world = await indexerWorld();
      const body = bodyOf(world.id, world.form, [world.engine(1, true), world.engine(2, false), world.engine(3, true)]);
      const compressed = lzString.compressToEncodedURIComponent(JSON.stringify(body));
      const response = await ann.agent.request('POST', '/rest/indexerproject', { body: JSON.stringify(compressed), headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, response.body).toBe(200);
      const screen = ProjectScreenSchema.parse(response.json());
      expect(screen.project).toMatchObject({ linkSetId: world.linkSet.id });
      expect(screen.sites.filter((site) => site.checked).map((site) => site.key)).toEqual(['Indexer:1', 'Indexer:3']);

      const garbled = await ann.agent.request('POST', '/rest/indexerproject', { body: 'not a compressed project', headers: { 'content-type': 'text/plain' } });
      expect(garbled.statusCode).toBe(422);
      expect(garbled.json().error.message).toBe(NOT_COMPRESSED);
    });

    it.skipIf(skip)('takes a selection of 20,000 sites in one save', async () => {
      const world = await privateWorld();
      const big = await buildSites(db(), { ownerId: ann.id, count: 20_000 });
      const sites = world.idsOf(big.sites).map((id) => ({ id, checked: true }));
      const body = bodyOf(world.id, { ...world.form, profileId: big.networkId }, sites);
      expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
      const response = await save('privateproject', body);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect((await checkedKeys(db(), world.id)).length).toBe(20_000);
    });
  });

  describe('rules (422 with the spec text, nothing stored)', () => {
    it.skipIf(skip)('posting: every rule of the General, Image, Video, Indexer and Sites tabs', async () => {
      const w = await postingWorld();
      const ticked = w.ticks(true);
      const profile = (patch: Form) => ({ linkSetProfiles: [{ linkSetId: w.input.id, name: 'Input', minLinks: 1, maxLinks: 2, linkProb: 80, ...patch }] });
      const cases: [Form, string][] = [
        [{ selectedCampaignId: null }, M.campaignRequired],
        [{ profileId: null }, M.profileRequired],
        [{ urlListId: null }, M.outputRequired],
        [{ urlListId: w.input.id }, M.outputIsInput],
        [{ contentGroupId: null }, M.contentGroupRequired],
        [{ linkPlacement: null }, M.linkPlacementRequired],
        [{ tags: ' , ,' }, M.tagsRequired],
        [{ linkSetProfiles: [] }, M.inputLinkSetsRequired],
        [profile({ linkProb: 0 }), 'Input: Must be a number between 0 and 100'],
        [profile({ minLinks: 3, maxLinks: 1 }), 'Input: Max links must be greater or equal to min links'],
        [profile({ maxLinks: 21 }), 'Input: Must be a number between 0 and 20'],
        [{ minLinks: 21 }, M.linksInteger],
        [{ maxLinks: 1.5 }, M.linksInteger],
        [{ minLinks: 3, maxLinks: 2 }, M.maxLinksBelowMin],
        [{ keywordsForImage: ' ' }, M.imageKeywordsRequired],
        [{ searchForImages: false, imagesToInsert: '' }, M.imageUrlsRequired],
        [{ imagePosition: null }, M.imagePositionRequired],
        [{ minImage: null }, M.countRequired],
        [{ maxImage: -1 }, M.countNotNegative],
        [{ minImage: 3, maxImage: 2 }, M.maxImagesBelowMin],
        [{ searchForVideos: true, keywordsForVideo: '' }, M.videoKeywordsRequired],
        [{ videosToInsert: '\n' }, M.videoUrlsRequired],
        [{ videoPosition: null }, M.videoPositionRequired],
        [{ minVideo: 2, maxVideo: 1 }, M.maxVideosBelowMin],
        [{ indexers: [] }, M.indexersRequired],
      ];
      await expectRefused('postingproject', w.id, [
        ...cases.map(([patch, message]): [Form, unknown, string] => [patch, bodyOf(w.id, { ...w.form, ...patch }, ticked), message]),
        [{ sites: 'none ticked' }, bodyOf(w.id, w.form, w.ticks(false, false)), M.sitesRequired],
        [{ sites: 'none sent' }, bodyOf(w.id, w.form, []), M.sitesRequired],
      ]);
    });

    it.skipIf(skip)('posting: a form with nothing filled in lists every problem, tab by tab', async () => {
      const w = await postingWorld();
      const before = await projectSnapshot(db(), w.id);
      const response = await save('postingproject', bodyOf(w.id, { selectedCampaignId: null, linkPlacement: null }, []));
      expect(response.statusCode).toBe(422);
      const expected = validateContentProject('posting', ContentProjectFormSchema.parse({}), 0).map((problem) => problem.message);
      expect(expected.length).toBeGreaterThan(4);
      expect(response.json()).toEqual({ error: { message: M.campaignRequired, details: expected } });
      expect(await projectSnapshot(db(), w.id)).toBe(before);
    });

    it.skipIf(skip)('private: the network rule and the shared content rules', async () => {
      const w = await privateWorld();
      const ticked = [{ id: w.idsOf(w.first.sites)[0]!, checked: true }];
      await expectRefused('privateproject', w.id, [
        [{ profileId: null }, bodyOf(w.id, { ...w.form, profileId: null }, ticked), M.privateNetworkRequired],
        [{ tags: '' }, bodyOf(w.id, { ...w.form, tags: '' }, ticked), M.tagsRequired],
        [{ useLinkSet: true }, bodyOf(w.id, { ...w.form, useLinkSet: true }, ticked), M.inputLinkSetsRequired],
        [{ sites: 'none' }, bodyOf(w.id, w.form, []), M.sitesRequired],
      ]);
    });

    it.skipIf(skip)('account creation: every rule of the Account, Email and Sites tabs', async () => {
      const w = await accountCreationWorld();
      const ticked = [{ id: w.siteIds[0]!, checked: true }];
      const info = (patch: Form) => ({ verificationInfo: { ...(w.form.verificationInfo as Form), ...patch } });
      const cases: [Form, string][] = [
        [{ profileId: null }, M.acProfileRequired],
        [{ firstName: ' ' }, M.firstNameRequired],
        [{ lastName: '' }, M.lastNameRequired],
        [{ username: '' }, M.usernameRequired],
        [{ password: '' }, M.passwordRequired],
        [info({ emailServer: '' }), M.emailServerRequired],
        [info({ emailServerPort: null }), M.emailPortRequired],
        [info({ emailServerPort: 70_000 }), M.emailPortRange],
        [info({ mailProtocol: null }), M.emailProtocolRequired],
        [info({ emailAddress: '' }), M.emailAddressRequired],
        [info({ emailLogin: '' }), M.emailLoginRequired],
        [info({ emailPassword: '' }), M.emailPasswordRequired],
        [info({ spamFolderName: ' ' }), M.spamFolderRequired],
      ];
      await expectRefused('acproject', w.id, [
        ...cases.map(([patch, message]): [Form, unknown, string] => [patch, bodyOf(w.id, { ...w.form, ...patch }, ticked), message]),
        [{ sites: 'none' }, bodyOf(w.id, w.form, [{ id: w.siteIds[0]!, checked: false }]), M.sitesRequired],
      ]);
    });

    it.skipIf(skip)('indexer: the URL list and the sites', async () => {
      const w = await indexerWorld();
      await expectRefused('indexerproject', w.id, [
        [{ linkSetId: null }, bodyOf(w.id, { linkSetId: null }, [w.engine(1, true)]), M.urlListRequired],
        [{ sites: 'none' }, bodyOf(w.id, w.form, [w.engine(1, false)]), M.sitesRequired],
      ]);
    });

    it.skipIf(skip)('refuses values of the wrong type, and sites the project cannot use', async () => {
      const w = await postingWorld();
      const before = await projectSnapshot(db(), w.id);
      for (const body of [
        bodyOf(w.id, { ...w.form, minLinks: 'three' }, w.ticks(true)),
        bodyOf(w.id, { ...w.form, linkPlacement: 'Sideways' }, w.ticks(true)),
        { ...bodyOf(w.id, w.form, w.ticks(true)), sites: 'all' },
        { ...bodyOf(w.id, w.form, w.ticks(true)), sessionUuid: undefined },
        { ...bodyOf(w.id, w.form, w.ticks(true)), project: { ...w.form } },
      ]) {
        const response = await save('postingproject', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(422);
      }

      const otherModule = await buildSites(db(), { ownerId: ann.id, module: 'Wiki', count: 1 });
      const bobs = await buildSites(db(), { ownerId: bob.id, module: 'SocialNetwork', count: 1 });
      const cases: [SiteId[], number][] = [
        [[{ module: 'Wiki', siteId: otherModule.sites[0]!.id }], 1],
        [[{ module: 'SocialNetwork', siteId: bobs.sites[0]!.id }], 1],
        [[{ module: 'SocialNetwork', siteId: 99_999_999 }, { siteId: w.sites[0]!.id, email: w.sites[0]!.email }], 2],
      ];
      for (const [extra, count] of cases) {
        const response = await save('postingproject', bodyOf(w.id, w.form, [...w.ticks(true), ...extra.map((id) => ({ id, checked: true }))]));
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ error: { message: M.unknownSites(count) } });
      }
      expect(await projectSnapshot(db(), w.id)).toBe(before);
    });

    it.skipIf(skip)("private: a site of another network than the chosen one is not the project's", async () => {
      const w = await privateWorld();
      const before = await projectSnapshot(db(), w.id);
      const response = await save('privateproject', bodyOf(w.id, w.form, [{ id: w.idsOf(w.second.sites)[0]!, checked: true }]));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(M.unknownSites(1));
      expect(await projectSnapshot(db(), w.id)).toBe(before);
    });
  });

  describe('refusals', () => {
    it.skipIf(skip)('answers 422 when the route is not the one of the project\'s kind', async () => {
      const w = await postingWorld();
      const ac = await accountCreationWorld();
      const indexer = await indexerWorld();
      const before = await projectSnapshot(db(), w.id);
      const cases: [string, unknown, string][] = [
        ['privateproject', bodyOf(w.id, w.form, w.ticks(true)), M.wrongKind('posting')],
        ['acproject', bodyOf(w.id, ac.form, w.ticks(true)), M.wrongKind('posting')],
        ['postingproject', bodyOf(indexer.id, w.form, w.ticks(true)), M.wrongKind('indexer')],
        ['indexerproject', bodyOf(ac.id, indexer.form, []), M.wrongKind('account creation')],
      ];
      for (const [path, body, message] of cases) {
        const response = await save(path, body);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ error: { message } });
      }
      expect(await projectSnapshot(db(), w.id)).toBe(before);
    });

    it.skipIf(skip)('answers 409 while the project runs (and, for account creation, while it verifies email)', async () => {
      const w = await postingWorld();
      const ac = await accountCreationWorld();
      for (const [id, status, path, body] of [
        [w.id, 'STARTING', 'postingproject', bodyOf(w.id, w.form, w.ticks(true))],
        [w.id, 'RUNNING', 'postingproject', bodyOf(w.id, w.form, w.ticks(true))],
        [w.id, 'STOPPING', 'postingproject', bodyOf(w.id, w.form, w.ticks(true))],
        [ac.id, 'VERIFYING', 'acproject', bodyOf(ac.id, ac.form, [{ id: ac.siteIds[0]!, checked: true }])],
        [ac.id, 'STARTING_VERIFYING', 'acproject', bodyOf(ac.id, ac.form, [{ id: ac.siteIds[0]!, checked: true }])],
      ] as const) {
        await db().updateTable('projects').set({ status }).where('id', '=', id).execute();
        const before = await projectSnapshot(db(), id);
        const response = await save(path, body);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.notEditable(status) } });
        expect(await projectSnapshot(db(), id)).toBe(before);
      }
      // A completed or scheduled project may be edited.
      await db().updateTable('projects').set({ status: 'SCHEDULED' }).where('id', '=', w.id).execute();
      expect((await save('postingproject', bodyOf(w.id, w.form, w.ticks(true)))).statusCode).toBe(200);
    });

    it.skipIf(skip)("answers 404 naming what is missing when a save points at another user's rows, and stores nothing", async () => {
      const w = await postingWorld();
      const p = await privateWorld();
      const ac = await accountCreationWorld();
      const indexer = await indexerWorld();
      const bobCampaign = await buildCampaign(db(), { ownerId: bob.id });
      const bobProfile = await buildProfile(db(), { ownerId: bob.id, campaignId: bobCampaign.id });
      const bobLinkSet = await buildLinkSet(db(), { ownerId: bob.id, campaignId: bobCampaign.id });
      const bobGroup = await buildContentGroup(db(), { ownerId: bob.id });
      const bobNetwork = await buildSites(db(), { ownerId: bob.id, count: 1 });
      const bobProject = await buildProject(db(), { ownerId: bob.id, campaignId: bobCampaign.id, module: 'SocialNetwork' });
      const snapshots = async () => Promise.all([w.id, p.id, ac.id, indexer.id, bobProject].map((id) => projectSnapshot(db(), id)));
      const before = await snapshots();
      const inputProfile = { linkSetId: bobLinkSet.id, name: 'Theirs', minLinks: 1, maxLinks: 2, linkProb: 100 };
      const cases: [string, unknown, string][] = [
        ['postingproject', bodyOf(bobProject, w.form, w.ticks(true)), 'The requested item does not exist'],
        ['postingproject', bodyOf(w.id, { ...w.form, selectedCampaignId: bobCampaign.id }, w.ticks(true)), `The selected campaign (id ${bobCampaign.id}) does not exist`],
        ['postingproject', bodyOf(w.id, { ...w.form, profileId: bobProfile.id }, w.ticks(true)), `The account profile (id ${bobProfile.id}) does not exist`],
        ['postingproject', bodyOf(w.id, { ...w.form, urlListId: bobLinkSet.id }, w.ticks(true)), `The output link set (id ${bobLinkSet.id}) does not exist`],
        ['postingproject', bodyOf(w.id, { ...w.form, contentGroupId: bobGroup.id }, w.ticks(true)), `The content bucket (id ${bobGroup.id}) does not exist`],
        ['postingproject', bodyOf(w.id, { ...w.form, linkSetProfiles: [inputProfile] }, w.ticks(true)), `The input link set (id ${bobLinkSet.id}) does not exist`],
        ['privateproject', bodyOf(p.id, { ...p.form, profileId: bobNetwork.networkId }, []), M.sitesRequired],
        ['privateproject', bodyOf(p.id, { ...p.form, profileId: bobNetwork.networkId }, [{ id: p.idsOf(p.first.sites)[0]!, checked: true }]), `The private network (id ${bobNetwork.networkId}) does not exist`],
        ['acproject', bodyOf(ac.id, { ...ac.form, profileId: bobProfile.id }, [{ id: ac.siteIds[0]!, checked: true }]), `The account profile (id ${bobProfile.id}) does not exist`],
        ['indexerproject', bodyOf(indexer.id, { linkSetId: bobLinkSet.id }, [indexer.engine(1, true)]), `The URL list (id ${bobLinkSet.id}) does not exist`],
      ];
      for (const [path, body, message] of cases) {
        const response = await save(path, body);
        expect(response.statusCode, message).toBe(message === M.sitesRequired ? 422 : 404);
        expect(response.json().error.message).toBe(message);
      }
      // Bob cannot save Ann's project either.
      expect((await save('postingproject', bodyOf(w.id, w.form, w.ticks(true)), bob.agent)).statusCode).toBe(404);
      expect(await snapshots()).toEqual(before);
    });
  });
});
