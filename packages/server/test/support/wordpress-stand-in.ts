/**
 * A local stand-in for a WordPress blog, written from WordPress's published REST API reference
 * (https://developer.wordpress.org/rest-api/reference/): what the engine's WordPress connector
 * calls to publish and look up posts — `GET /wp-json/wp/v2/users/me` (its probe and the author's
 * id), tags (search and create), `POST /wp-json/wp/v2/posts` (a taken slug gets `-2`, `-3`, … as
 * WordPress gives it) and `GET /wp-json/wp/v2/posts?slug=a,b,…&status=any` (id, link, status, slug,
 * author, date_gmt, title), one post read in the edit context and updated
 * (`GET|POST /wp-json/wp/v2/posts/{id}`: content.raw; a deleted id answers 404 rest_post_invalid_id) — and each post's public page at `/{slug}/` (404 once the post is deleted). API tests on both databases use
 * it where the integration tests use a real WordPress (test/support/wordpress-peers.ts).
 */
import http from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export interface StandInPost {
  id: number;
  slug: string;
  title: string;
  /** When it was saved (UTC ms). */
  createdMs: number;
  content: string;
  link: string;
  deleted: boolean;
}

export interface WordPressStandIn {
  url: string;
  /** Every post created, in order (deleted ones too). */
  posts: StandInPost[];
  /** Every POST /wp/v2/posts received. */
  publishRequests: number;
  /** Every POST /wp/v2/posts/{id} received (an edit of a post). */
  updateRequests: number;
  /** The next post created is stored, but the request answers 500 (a lost answer: outcome unknown). */
  failAfterNextCreate: boolean;
  /** This many next POST /wp/v2/posts answer 503 without making a post (a passing outage). */
  refuseNextCreates: number;
  /** This many next POST /wp/v2/posts answer 429 without making a post (a rate limit: surely not posted). */
  limitNextCreates: number;
  /** This many next posts created are stored without their links (an editor took them out): their pages answer without them. */
  unlinkNextCreates: number;
  /** Deletes a post: its page answers 404 and the REST API no longer lists it. */
  deletePost(id: number): void;
  close(): Promise<void>;
}


const json = (response: http.ServerResponse, status: number, body: unknown) =>
  void response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));

export async function startWordPressStandIn(): Promise<WordPressStandIn> {
  let nextId = 100;
  const tags = new Map<string, number>();
  const standIn: Omit<WordPressStandIn, 'url' | 'close'> = {
    posts: [],
    publishRequests: 0,
    updateRequests: 0,
    failAfterNextCreate: false,
    refuseNextCreates: 0,
    limitNextCreates: 0,
    unlinkNextCreates: 0,
    deletePost(id: number) {
      const post = standIn.posts.find((candidate) => candidate.id === id);
      if (post) post.deleted = true;
    },
  };
  let base = '';
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const route = url.pathname.startsWith('/wp-json') ? url.pathname.slice('/wp-json'.length) : url.searchParams.get('rest_route');
      if (route === '/wp/v2/users/me') return json(response, 200, { id: 1 });
      if (route === '/wp/v2/tags') {
        if (request.method === 'POST') {
          const { name } = JSON.parse(await readRequestBody(request)) as { name: string };
          const id = tags.get(name.toLowerCase()) ?? (nextId += 1);
          tags.set(name.toLowerCase(), id);
          return json(response, 201, { id });
        }
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        return json(response, 200, [...tags].filter(([name]) => name === search).map(([name, id]) => ({ id, name })));
      }
      if (route === '/wp/v2/posts') {
        if (request.method === 'POST') {
          standIn.publishRequests += 1;
          if (standIn.limitNextCreates > 0) {
            standIn.limitNextCreates -= 1;
            return json(response, 429, { code: 'too_many_requests', message: 'Slow down', data: { status: 429 } });
          }
          if (standIn.refuseNextCreates > 0) {
            standIn.refuseNextCreates -= 1;
            return json(response, 503, { code: 'unavailable', message: 'Down for maintenance', data: { status: 503 } });
          }
          const body = JSON.parse(await readRequestBody(request)) as { title: string; content: string; slug: string };
          nextId += 1;
          if (standIn.unlinkNextCreates > 0) {
            standIn.unlinkNextCreates -= 1;
            body.content = body.content.replace(/<a\b[^>]*>([\s\S]*?)<\/a>/gi, '$1');
          }
          const taken = (slug: string) => standIn.posts.some((other) => !other.deleted && other.slug === slug);
          let slug = body.slug;
          for (let suffix = 2; taken(slug); suffix += 1) slug = `${body.slug}-${suffix}`;
          const post: StandInPost = { id: nextId, slug, title: body.title, createdMs: Date.now(), content: body.content, link: `${base}/${slug}/`, deleted: false };
          standIn.posts.push(post);
          if (standIn.failAfterNextCreate) {
            standIn.failAfterNextCreate = false;
            return json(response, 500, { code: 'internal_server_error', message: 'The answer was lost', data: { status: 500 } });
          }
          return json(response, 201, { id: post.id, link: post.link, status: 'publish' });
        }
        const slugs = (url.searchParams.get('slug') ?? '').split(',');
        return json(response, 200, standIn.posts.filter((post) => !post.deleted && slugs.includes(post.slug)).map((post) => ({
          id: post.id, link: post.link, status: 'publish', slug: post.slug, author: 1,
          date_gmt: new Date(post.createdMs).toISOString().slice(0, 19), title: { raw: post.title, rendered: post.title },
        })));
      }
      const single = route === null ? null : /^\/wp\/v2\/posts\/(\d+)$/.exec(route);
      if (single) {
        const post = standIn.posts.find((candidate) => candidate.id === Number(single[1]) && !candidate.deleted);
        if (!post) return json(response, 404, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
        if (request.method === 'POST') {
          standIn.updateRequests += 1;
          const body = JSON.parse(await readRequestBody(request)) as { content?: string };
          if (typeof body.content === 'string') post.content = body.content;
          return json(response, 200, { id: post.id });
        }
        if (url.searchParams.get('context') !== 'edit') return json(response, 200, { id: post.id, content: { rendered: post.content, protected: false } });
        return json(response, 200, { id: post.id, content: { raw: post.content, rendered: post.content, protected: false, block_version: 0 } });
      }
      if (route !== null) return json(response, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
      const page = standIn.posts.find((post) => !post.deleted && `/${post.slug}/` === url.pathname);
      if (!page) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body><h1>${page.title}</h1>${page.content}</body></html>`);
    })().catch((error: unknown) => json(response, 500, { code: 'stand_in', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    url: base,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** `count` stand-ins for a describe block: started before its tests (none when the block is skipped), closed after them. */
export function useWordPressStandIns(count: number, skip: boolean): WordPressStandIn[] {
  const blogs: WordPressStandIn[] = [];
  beforeAll(async () => {
    if (skip) return;
    for (let i = 0; i < count; i += 1) blogs.push(await startWordPressStandIn());
  });
  afterAll(async () => {
    await Promise.all(blogs.map((blog) => blog.close()));
  });
  return blogs;
}

/** The login a private network stores for a stand-in (it takes any). */
export function standInLogin(blog: { url: string }): { url: string; username: string; password: string } {
  return { url: blog.url, username: 'admin', password: 'app password' };
}
