import { describe, expect, it } from 'vitest';
import { HTTP_ADVICE, HTTP_FAILED, HttpError, MACHINE_TEXT_REPLACEMENTS, describeHttpFailure, humanText, problemLines } from './http-error';

describe('describeHttpFailure (issue 35: what failed and what to do, never the status and URL)', () => {
  it("titles the failure with the caller's words, then the server's message and one line per detail", () => {
    const description = describeHttpFailure({
      status: 422, url: '/rest/campaigns', statusText: 'Unprocessable Entity', method: 'PUT', what: 'Failed to add the campaign',
      body: { error: { message: 'Invalid campaign', details: ['name: Required', 'type: Invalid'] } },
    });
    expect(description).toEqual({ title: 'Failed to add the campaign', lines: ['Invalid campaign', 'name: Required', 'type: Invalid'] });
    expect(JSON.stringify(description)).not.toMatch(/422|rest\/campaigns|validation error/);
  });

  it("titles it with the server's message when the caller gave no words; says what the call did when neither did", () => {
    expect(describeHttpFailure({ status: 409, url: '/x', statusText: 'Conflict', method: 'GET', body: { error: { message: 'Taken: pick another name' } } }))
      .toEqual({ title: 'Taken: pick another name', lines: [] });
    expect(describeHttpFailure({ status: 404, url: '/x', statusText: 'Not Found', method: 'DELETE', body: null }))
      .toEqual({ title: HTTP_FAILED.delete, lines: [HTTP_ADVICE.notFound] });
  });

  it('says what to do when the server explained nothing, or the fault is not the user\'s', () => {
    expect(describeHttpFailure({ status: null, url: '/rest/campaigns', statusText: '', body: null, what: 'Failed to load campaigns.' }))
      .toEqual({ title: 'Failed to load campaigns.', lines: [HTTP_ADVICE.noAnswer] });
    expect(describeHttpFailure({ status: 500, url: '/x', statusText: 'Internal Server Error', body: { oops: 1 }, method: 'POST' }))
      .toEqual({ title: HTTP_FAILED.save, lines: [HTTP_ADVICE.server] });
    expect(describeHttpFailure({ status: 200, url: '/x', statusText: 'OK', body: {}, problem: 'The server sent an answer of an unexpected shape.' }).lines)
      .toEqual(['The server sent an answer of an unexpected shape.', HTTP_ADVICE.unreadable]);
  });

  it("drops the spec's 'Unknown error' ending when the server did explain", () => {
    const failure = { status: 422, url: '/x', statusText: '', what: 'Failed to save the wizard. Unknown error' };
    expect(describeHttpFailure({ ...failure, body: { error: { message: 'Wizard name is required' } } }).title).toBe('Failed to save the wizard');
    expect(describeHttpFailure({ ...failure, body: null }).title).toBe('Failed to save the wizard. Unknown error');
  });
});

describe('problemLines (a 422 names the field of each problem)', () => {
  it('lets the first detail stand for the message it names, and keeps every other detail', () => {
    expect(problemLines('Please enter the url', ['url: Please enter the url', 'anchor: Please enter the anchor'])).toEqual(['url: Please enter the url', 'anchor: Please enter the anchor']);
    expect(problemLines('Taken', ['Taken'])).toEqual(['Taken']);
    expect(problemLines('Not ready', ['Tick at least one site'])).toEqual(['Not ready', 'Tick at least one site']);
    expect(problemLines('Taken')).toEqual(['Taken']);
    const failure = { status: 422, url: '/x', statusText: '', what: 'Failed to add new link' };
    expect(describeHttpFailure({ ...failure, body: { error: { message: 'Please enter the url', details: ['url: Please enter the url'] } } }).lines).toEqual(['url: Please enter the url']);
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

describe('humanText (issue 39 item 4: no raw request path or validator name in any message)', () => {
  it('turns a request path into advice, and a validator default into a plain sentence naming the field', () => {
    expect(humanText('No such route: POST /rest/proxies')).toBe(MACHINE_TEXT_REPLACEMENTS.route);
    expect(humanText('Request error 422: /rest/proxies validation error')).toBe(MACHINE_TEXT_REPLACEMENTS.route);
    expect(humanText('name: Invalid input: expected string, received number')).toBe(`name: ${MACHINE_TEXT_REPLACEMENTS.invalid}`);
    expect(humanText('body[1]: Too small: expected string to have >=1 characters')).toBe(MACHINE_TEXT_REPLACEMENTS.invalid);
    expect(humanText('Unrecognized key: "extra"')).toBe(MACHINE_TEXT_REPLACEMENTS.invalid);
  });

  it("leaves the spec's texts and the server's own explanations alone", () => {
    for (const text of ['Please enter proxies', 'Line 2: Each line must be ip:port or ip:port:username:password', 'url: Please enter the url', 'Invalid or revoked API token. Create a new one on the API tokens screen.']) {
      expect(humanText(text)).toBe(text);
    }
  });

  it('is what a failure toast says: the title and every line', () => {
    const described = describeHttpFailure({
      status: 422, url: '/rest/proxies', statusText: 'Unprocessable Entity', method: 'POST',
      body: { error: { message: 'Invalid input: expected array, received object', details: ['0: Invalid input: expected string, received number', '1: Invalid input: expected string, received number'] } },
    });
    expect(described).toEqual({ title: MACHINE_TEXT_REPLACEMENTS.invalid, lines: [] });
    expect(JSON.stringify(describeHttpFailure({ status: 404, url: '/rest/x', statusText: '', method: 'GET', body: { error: { message: 'No such route: GET /rest/x' } } })))
      .not.toMatch(/\/rest|Invalid input|expected \w+, received/);
  });
});
