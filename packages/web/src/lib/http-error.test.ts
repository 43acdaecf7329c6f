import { describe, expect, it } from 'vitest';
import { HttpError, describeHttpFailure } from './http-error';

describe('describeHttpFailure', () => {
  it('names status and URL, then the spec text, the server message and one line per detail', () => {
    const description = describeHttpFailure({
      status: 422,
      url: '/rest/campaigns',
      statusText: 'Unprocessable Entity',
      body: { error: { message: 'Invalid campaign', details: ['name: Required', 'type: Invalid'] } },
    });
    expect(description).toEqual({
      title: 'Request error 422: /rest/campaigns',
      lines: ['validation error', 'Invalid campaign', 'name: Required', 'type: Invalid'],
    });
  });

  it("falls back to the response's status text for codes the spec does not name", () => {
    const { lines } = describeHttpFailure({ status: 418, url: '/x', statusText: "I'm a teapot", body: null });
    expect(lines).toEqual(["I'm a teapot"]);
  });

  it('says when no response arrived', () => {
    expect(describeHttpFailure({ status: null, url: '/rest/campaigns', statusText: '', body: null })).toEqual({
      title: 'Request failed: /rest/campaigns',
      lines: ['No response from the server.'],
    });
  });

  it('ignores bodies that are not the error shape', () => {
    const { lines } = describeHttpFailure({ status: 500, url: '/x', statusText: 'Internal Server Error', body: { oops: 1 } });
    expect(lines).toEqual(['server error']);
  });
});

describe('HttpError', () => {
  it('exposes the server message and details', () => {
    const error = new HttpError({ status: 409, url: '/public/api/setup', statusText: 'Conflict', body: { error: { message: 'Taken' } } });
    expect(error.serverMessage).toBe('Taken');
    expect(error.details).toEqual([]);
    expect(error.message).toContain('Taken');
  });
});
