/**
 * The sites of bench/check-now.ts, in a process of their own (so their work does not share the
 * measured process's thread): SITES (50) blogs on 127.0.0.1, each answering every /p/{n}/ with the
 * same 8 kB post page after PAGE_MS (a blog's think time). Each site counts the requests it is
 * answering at once; a control server answers GET /peaks with each site's most at once (and
 * resets them) and GET /requests with the requests served. Prints {"sites":[ports…],"control":port}
 * on its first line. /peaks also says how many pages were being answered at once on average since the last call.
 */
import http from 'node:http';

const SITES = Number(process.env.SITES ?? 50);
const PAGE_MS = Number(process.env.PAGE_MS ?? 50);
const MONEY = 'https://money.example.test/landing';
const PAGE = `<!doctype html><html><head><title>Post</title></head><body><article>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. </p>'.repeat(90)}<p>Read the <a href="${MONEY}">landing page</a>.</p></article></body></html>`;

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const state = [];
let requests = 0;
// Pages in flight over all sites, integrated over time: the average number answered at once.
let inFlightAll = 0;
let area = 0;
let since = performance.now();
let last = since;
const moved = (by) => {
  const now = performance.now();
  area += inFlightAll * (now - last);
  last = now;
  inFlightAll += by;
};
const ports = [];
for (let i = 0; i < SITES; i += 1) {
  const site = { inFlight: 0, most: 0 };
  state.push(site);
  const server = http.createServer((request, response) => {
    site.inFlight += 1;
    moved(1);
    requests += 1;
    if (site.inFlight > site.most) site.most = site.inFlight;
    setTimeout(() => {
      site.inFlight -= 1;
      moved(-1);
      if (!request.url?.startsWith('/p/')) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    }, PAGE_MS);
  });
  server.keepAliveTimeout = 30_000;
  ports.push(await listen(server));
}
const control = http.createServer((request, response) => {
  if (request.url === '/peaks') {
    moved(0);
    const peaks = state.map((site) => site.most);
    const average = area / Math.max(1, last - since);
    for (const site of state) site.most = site.inFlight;
    area = 0;
    since = last;
    return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ peaks, average }));
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests }));
});
process.stdout.write(`${JSON.stringify({ sites: ports, control: await listen(control) })}\n`);
