import fs from 'node:fs';

/** VmRSS (resident now) or VmHWM (peak so far) of a process, in MB; NaN when it cannot be read. */
export function memoryMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  if (pid === undefined) return Number.NaN;
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Resets the process's VmHWM to its current RSS (Linux ≥ 4.0); false when not allowed. */
export function resetPeakMemory(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
