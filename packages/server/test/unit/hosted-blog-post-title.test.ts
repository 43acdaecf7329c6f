/**
 * Post names on hosted blog services (Blogger, Tumblr, WordPress.com: connectors/titled-name.ts):
 * the title as a reader sees it, told apart by a word of the text when taken, the look-up of an
 * intent's post by title and time, and the tag list these services take.
 */
import { describe, expect, it } from 'vitest';
import { freeName, plainTitle, postOfIntent, tagList, titleAsHtml, titleCandidates, titleKey, type ListedPost } from '../../src/engine/connectors/titled-name';
import { CLOCK_SKEW_ALLOWANCE_MS } from '../../src/engine/connectors/intent-match';

const post = (id: string, title: string, createdMs: number | null): ListedPost => ({ id, url: `https://blog.example/${id}`, title, createdMs, status: 'publish' });

describe('hosted blog post titles', () => {
  it('a title as a reader sees it: markup dropped, entities decoded, white space collapsed; as HTML with &, < and > escaped', () => {
    expect(plainTitle('  Beans &amp; <em>peas</em>\n in&nbsp;spring ')).toBe('Beans & peas in spring');
    expect(plainTitle('Don&#8217;t wait &#038; see')).toBe('Don\u2019t wait & see');
    expect(titleKey('Beans &amp; Peas')).toBe(titleKey('beans & peas'));
    expect(titleAsHtml('Beans & peas <3')).toBe('Beans &amp; peas &lt;3');
  });

  it('candidates: the plain title, then the title with one word of the text; the first words of the text when there is no title', () => {
    const html = '<p>Secateurs and gloves: <a href="https://example.com/x">anchor words</a> secateurs first, then gloves.</p>';
    expect(titleCandidates('Pruning roses', html)).toEqual(['Pruning roses', 'Pruning roses (Secateurs)', 'Pruning roses (Gloves)']);
    expect(titleCandidates('', '<p>Only some text here</p>')[0]).toBe('Only some text here');
    expect(titleCandidates('', '')).toEqual([]);
  });

  it('the free name skips titles the blog got lately (any case, entities decoded) and names other posts of ours claim', async () => {
    const candidates = ['Pruning roses', 'Pruning roses (Secateurs)', 'Pruning roses (Gloves)'];
    const none = async () => new Set<string>();
    expect(await freeName(candidates, [], none)).toBe('Pruning roses');
    expect(await freeName(candidates, ['PRUNING ROSES'], none)).toBe('Pruning roses (Secateurs)');
    expect(await freeName(candidates, ['Pruning roses'], async (names) => new Set(names.filter((name) => name.includes('Secateurs'))))).toBe('Pruning roses (Gloves)');
    expect(await freeName(candidates, candidates, none)).toBeNull();
  });

  it('the intent’s post: its name as the title, made at or after the intent less the skew allowance; the oldest of several', () => {
    const at = Date.UTC(2025, 5, 1, 12);
    const intent = { name: 'Beans & peas', at };
    expect(postOfIntent([post('1', 'Beans &amp; peas', at + 1000)], intent)?.id).toBe('1');
    expect(postOfIntent([post('1', 'Beans &amp; peas', at - CLOCK_SKEW_ALLOWANCE_MS - 1)], intent)).toBeNull();
    expect(postOfIntent([post('1', 'Beans and peas', at + 1000)], intent)).toBeNull();
    expect(postOfIntent([post('2', 'Beans & peas', at + 5000), post('1', 'Beans & peas', at + 1000)], intent)?.id).toBe('1');
    expect(postOfIntent([post('3', 'Beans & peas', null)], intent)?.id).toBe('3');
  });

  it('tags: trimmed, without commas, each once', () => {
    expect(tagList([' garden ', 'Garden', 'spring, early', '', 'raised   beds'])).toEqual(['garden', 'spring early', 'raised beds']);
  });
});
