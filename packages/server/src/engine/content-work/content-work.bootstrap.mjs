// The entry piscina loads in a content pool thread (content-pool.ts). The worker is TypeScript, run
// as the server's sources are, through tsx: registered in this thread first (Node 20 gives a new
// thread none of the hooks of the one that started it), then the worker module is imported. Plain
// JavaScript, so it loads as it is both under tsx and beside the esbuild bundle.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./content-work.worker.ts');

export default worker.default;
