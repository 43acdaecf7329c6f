import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's CPU times (100 on common Linux builds). */
function clockTicks(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

let ticksPerSecond: number | undefined;

/**
 * CPU time a process has used so far, user and system, all its threads (fields 14 and 15 of
 * /proc/<pid>/stat), in seconds; NaN when it cannot be read. Its resolution is one clock tick.
 */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= clockTicks();
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}
