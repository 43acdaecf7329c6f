import { describe, expect, it } from 'vitest';
import { waitingParentsText } from '../src/schemas/run-outlook';

const siblings = [
  { id: 2, name: 'Tier 1 blog', module: 'SocialNetwork', status: 'RUNNING' },
  { id: 3, name: 'Tier 1 accounts', module: 'AccountCreation', status: 'SCHEDULED' },
];

describe('waitingParentsText', () => {
  it('names each parent with its status', () => {
    expect(waitingParentsText({ scheduleType: 'AfterProject', sourceProjectIds: [2, 3], durationType: 'Once' }, 9, siblings))
      .toBe("#2 'Tier 1 blog' (RUNNING) and #3 'Tier 1 accounts' (SCHEDULED)");
    expect(waitingParentsText({ scheduleType: 'AfterProject', sourceProjectIds: [2], durationType: 'Once' }, 9, siblings)).toBe("#2 'Tier 1 blog' (RUNNING)");
  });
  it('is null for a date or no schedule; an indexer parent 0 is every other project', () => {
    expect(waitingParentsText({ scheduleType: 'FixedDate', startDate: '01/01/2030 10:00', durationType: 'Once' }, 9, siblings)).toBeNull();
    expect(waitingParentsText(null, 9, siblings)).toBeNull();
    expect(waitingParentsText({ scheduleType: 'AfterProject', sourceProjectId: 0, durationType: 'Once' }, 9, siblings)).toBe('every other project of the campaign');
  });
});
