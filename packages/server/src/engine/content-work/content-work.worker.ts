/**
 * A content pool thread (content-pool.ts): piscina hands it one task at a time, loaded by
 * content-work.bootstrap.mjs. The synonym list is loaded on the thread's first built-in spin and
 * kept for its life, as on the main thread.
 */
import { performContentTask, type ContentResult, type ContentTask } from './content-tasks';

export default function handleContentTask(task: ContentTask): ContentResult {
  return performContentTask(task);
}
