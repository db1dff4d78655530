import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second, in which /proc reports a process's CPU time. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time, in ms, that the local PostgreSQL server's processes (postmaster and backends) have
 * used so far, read from /proc; undefined where there is no /proc. Taken before and after a run,
 * it gives the database's share of the CPU a request costs, beside the bench process's own
 * (process.cpuUsage): a figure steadier than requests per second on a machine whose other work
 * comes and goes. A backend that exits during the run takes its time with it, so the pool must
 * stay open across the two readings.
 */
export function postgresCpuMs(): number | undefined {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat?.name === 'postgres') ticks += stat.ticks;
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}

/** The CPU time, in ms, that process `pid` has used so far (0 once it has exited), from /proc. */
export function processCpuMs(pid: number): number {
  return ((statOf(String(pid))?.ticks ?? 0) / TICKS_PER_SECOND) * 1000;
}

function statOf(pid: string): { name: string; ticks: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const nameEnd = stat.lastIndexOf(')');
  const fields = stat.slice(nameEnd + 2).split(' ');
  // After the name: state is field 3 of stat(5); utime and stime are fields 14 and 15.
  return { name: stat.slice(stat.indexOf('(') + 1, nameEnd), ticks: Number(fields[11]) + Number(fields[12]) };
}
