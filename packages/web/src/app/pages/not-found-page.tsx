import { NotFoundResult } from '@/components/not-found-result';

/** The not-found fallback route (spec 1 §2). */
export function NotFoundPage() {
  return <NotFoundResult />;
}
