import { describe, expect, it } from 'vitest';
import { createRng, nicheTopics } from '@linkloom/shared';
import { generatedPassword, manualAddress, registrationIdentity, suffixedUsername } from '../../src/engine/account-creation/registration-identity';

const form = { firstName: '{Anna|Anne}', lastName: 'Lee', username: 'anna{lee|li}', password: 'Pw-{a|b}-123', blogTitle: '', blogName: "Anna's {garden|plot}" };

describe('registration identity', () => {
  it('spins each field of the form, and gives a blog title when it is empty', () => {
    const identity = registrationIdentity(form, createRng(7));
    expect(['Anna', 'Anne']).toContain(identity.firstName);
    expect(identity.lastName).toBe('Lee');
    expect(['annalee', 'annali']).toContain(identity.username);
    expect(['Pw-a-123', 'Pw-b-123']).toContain(identity.password);
    // Without the campaign's topics the blog is named after its author.
    expect(identity.blogTitle).toMatch(new RegExp(identity.firstName));
    // A blog name a site takes: no spaces or quotes.
    expect(['annasgarden', 'annasplot']).toContain(identity.blogName);
  });

  it('fills every empty field: names from lists, a user name from them, a fresh strong password', () => {
    const empty = { firstName: '', lastName: '', username: '', password: '', blogTitle: '', blogName: '' };
    const one = registrationIdentity(empty, createRng(1));
    expect(one.firstName).toMatch(/^[A-Z][a-z]+$/);
    expect(one.lastName).toMatch(/^[A-Z][a-z]+$/);
    expect(one.username).toMatch(/^[a-z]+\d{2,4}$/);
    expect(one.username.startsWith(`${one.firstName}${one.lastName}`.toLowerCase())).toBe(true);
    expect(one.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(registrationIdentity(empty, createRng(1)).password).not.toBe(one.password);
  });

  it("builds an empty blog title and name on the campaign's topics (issue 34 item 6)", () => {
    const empty = { firstName: '', lastName: '', username: '', password: '', blogTitle: '', blogName: '' };
    const topics = nicheTopics(['organic gardening, raised bed gardening'], createRng(9));
    for (let seed = 0; seed < 50; seed += 1) {
      const identity = registrationIdentity(empty, createRng(seed), topics);
      expect(identity.blogTitle).toMatch(/Organic Gardening|Raised Bed Gardening/);
      expect(identity.blogTitle).not.toMatch(/kitchen|reviews|harbor/i);
      expect(identity.blogName).toMatch(/^[a-z0-9]+$/);
      // The author's bio (WordPress's description) is about the same subject, under the author's name.
      expect(identity.bio).toMatch(/organic gardening|raised bed gardening/i);
      expect(identity.bio).toContain(identity.firstName);
    }
    // What the form says wins over the generated one.
    expect(registrationIdentity({ ...empty, blogTitle: 'My {own|plain} blog' }, createRng(1), topics).blogTitle).toMatch(/^My (own|plain) blog$/);
  });

  it('keeps only the characters every platform takes in a user name', () => {
    expect(registrationIdentity({ ...form, username: ' __Zoë O\'Brien!! ' }, createRng(3)).username).toBe('ZoeOBrien');
  });

  it('suffixes a taken user name with 2, 3, … within 40 characters', () => {
    expect(suffixedUsername('anna', 0)).toBe('anna');
    expect(suffixedUsername('anna', 1)).toBe('anna2');
    expect(suffixedUsername('anna', 9)).toBe('anna10');
    expect(suffixedUsername('a'.repeat(40), 1)).toHaveLength(40);
  });

  it('expands a spintax address per account', () => {
    const seen = new Set(Array.from({ length: 40 }, (_, i) => manualAddress('{anna|ann}.{lee|li}@mail.test', createRng(i))));
    expect([...seen].sort()).toEqual(['ann.lee@mail.test', 'ann.li@mail.test', 'anna.lee@mail.test', 'anna.li@mail.test']);
    expect(generatedPassword(24)).toHaveLength(24);
  });
});
