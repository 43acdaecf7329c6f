import { describe, expect, it } from 'vitest';
import { SessionUuidSchema } from '@linkloom/shared';
import { sessionUuid } from './session-uuid';

describe('sessionUuid', () => {
  it('is a version 4 uuid the save schema accepts, stable for the page', () => {
    const id = sessionUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(SessionUuidSchema.safeParse(id).success).toBe(true);
    expect(sessionUuid()).toBe(id);
  });
});
