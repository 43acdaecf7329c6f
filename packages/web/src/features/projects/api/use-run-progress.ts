import { useEffect, useState } from 'react';
import { describeRunProgress, type RunProgress } from '@linkloom/shared';
import { useLiveTopic } from '@/lib/use-live-topic';

/** While a project starts or runs, the status line says what its run is doing. */
const WORKING = ['STARTING', 'RUNNING'];

/**
 * The line that says what a running project is doing right now (issue 11.4): the last
 * `runProgress` message of its run ("wp-two.example.com: retry 2 of 3 in 20 s"), its wait
 * counting down once a second. Null while the project does not run or has said nothing yet.
 */
export function useRunProgress(projectId: number, status: string): string | null {
  const [latest, setLatest] = useState<RunProgress | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const working = WORKING.includes(status);

  useLiveTopic(`project/${projectId}`, (live) => {
    if (live.name === 'runProgress') {
      setNow(Date.now());
      setLatest(live.payload);
    } else if (live.name === 'projectStatusChanged' && live.payload.status === 'STARTING') {
      setLatest(null); // a new run: the last one's news is old
    }
  });

  const counting = working && latest !== null && latest.dueAt !== null && latest.dueAt > now;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  return working && latest !== null ? describeRunProgress(latest, now) : null;
}
