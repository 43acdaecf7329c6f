import { describe, expect, it } from 'vitest';
import { MODULES } from '../src/constants/modules';
import { describeSchedule, duplicateCampaignPath, newCampaignPath, newWizardPath, projectScreenPath } from '../src/domain/campaign-paths';

describe('projectScreenPath', () => {
  it.each([
    ['AccountCreation', '/acproject/7'],
    ['Private', '/privateproject/7'],
    ['PrivateBookmark', '/privateproject/7'],
    ['PrivatePDF', '/privateproject/7'],
    ['PrivateArticleDirectory', '/privateproject/7'],
    ['Indexer', '/indexerproject/7'],
    ['SocialNetwork', '/project/7'],
    ['Wiki', '/project/7'],
    ['MoneySite', '/project/7'],
    ['', '/project/7'],
  ])('%s → %s', (module, path) => {
    expect(projectScreenPath(module, 7)).toBe(path);
  });

  it('gives every known module a screen', () => {
    const paths = Object.keys(MODULES).map((module) => projectScreenPath(module, 1).split('/')[1]);
    expect(new Set(paths)).toEqual(new Set(['acproject', 'privateproject', 'indexerproject', 'project']));
  });
});

describe('wizard paths', () => {
  it('encodes the campaign name and the accounts flag', () => {
    expect(newCampaignPath(3, 'Spring & Summer')).toBe('/newcampaign/3?campaignName=Spring+%26+Summer');
    expect(duplicateCampaignPath(9, 'A Copy', true)).toBe('/duplicatecampaign/9?campaignName=A+Copy&useSameAccounts=true');
    expect(duplicateCampaignPath(9, 'A', false)).toBe('/duplicatecampaign/9?campaignName=A&useSameAccounts=false');
    expect(newWizardPath(4, ' Wheel & spokes ')).toBe('/newwizard/4?wizardName=Wheel+%26+spokes');
  });
});

describe('describeSchedule', () => {
  it('is empty without a schedule', () => {
    expect(describeSchedule(null)).toBe('');
    expect(describeSchedule(undefined)).toBe('');
    expect(describeSchedule({})).toBe('');
  });

  it('describes fixed-date schedules, once or spread', () => {
    expect(describeSchedule({ scheduleType: 'FixedDate', durationType: 'Once', startDate: '01/02/2030 10:00' })).toBe('Runs once from a fixed date');
    expect(describeSchedule({ scheduleType: 'FixedDate', durationType: 'Spread', nDay: 5 })).toBe('Spread over 5 days from a fixed date');
    expect(describeSchedule({ scheduleType: 'FixedDate', durationType: 'Spread', nDay: 1 })).toBe('Spread over 1 day from a fixed date');
  });

  it('describes schedules after other projects, with posts for private projects', () => {
    expect(describeSchedule({ scheduleType: 'AfterProject', durationType: 'Once', sourceProjectIds: [4, 5] })).toBe('Runs once after projects #4, #5');
    expect(describeSchedule({ scheduleType: 'AfterProject', sourceProjectId: 4 })).toBe('Runs once after project #4');
    expect(describeSchedule({ scheduleType: 'AfterProject', sourceProjectIds: [] })).toBe('Runs once after other projects');
    expect(describeSchedule({ scheduleType: 'FixedDate', durationType: 'Spread', nDay: 2, numberOfPosts: 0 })).toBe('Spread over 2 days, unlimited posts from a fixed date');
    expect(describeSchedule({ scheduleType: 'FixedDate', numberOfPosts: 1 })).toBe('Runs once, 1 post from a fixed date');
  });
});
