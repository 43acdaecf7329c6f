/**
 * What a running project is doing right now, as the project screen's status line says it (issue
 * 11.4): each attempt, each retry and each wait as it happens, not only "0 of 1 posts".
 */
export interface RunProgress {
  projectId: number;
  /** The site row it concerns (`SiteRow.key`) and how a user knows the site (its address). */
  siteKey: string;
  site: string;
  step: 'attempt' | 'retry' | 'wait';
  /** attempt: this attempt's number and the most there will be; retry: the retry's number and the most retries. */
  number: number;
  of: number;
  /** When the retry or the wait ends (epoch ms); null for an attempt. */
  dueAt: number | null;
}

/** "wp-one.example.com" for "https://wp-one.example.com/": a site as a user reads it. */
export function siteLabel(site: string): string {
  return site.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}

/** "1 min 5 s", "20 s": a wait in words. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/**
 * The line for one progress message at `now`: "wp-one.example.com: attempt 1 of 3", "…: retry 2 of
 * 3 in 20 s", "…: waiting 5 min before posting". Waits count down; a wait that is over says "now".
 */
export function describeRunProgress(progress: RunProgress, now: number): string {
  const site = siteLabel(progress.site);
  const left = progress.dueAt === null ? 0 : Math.max(0, Math.ceil((progress.dueAt - now) / 1000));
  switch (progress.step) {
    case 'attempt':
      return `${site}: attempt ${progress.number} of ${progress.of}`;
    case 'retry':
      return `${site}: retry ${progress.number} of ${progress.of} ${left > 0 ? `in ${duration(left)}` : 'now'}`;
    case 'wait':
      return `${site}: ${left > 0 ? `waiting ${duration(left)} before posting` : 'posting now'}`;
  }
}
