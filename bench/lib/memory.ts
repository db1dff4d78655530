import { readFileSync } from 'node:fs';

/**
 * A process's memory in MB from /proc: `peakMb`, the most it has held resident since it started
 * (VmHWM), and `residentMb`, what it holds now (VmRSS). What a machine must have free for it is
 * the peak, not the figure once it has settled.
 */
export function processMemoryMb(pid: number): { peakMb: number; residentMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peakMb: Math.round(kilobytes('VmHWM') / 1024), residentMb: Math.round(kilobytes('VmRSS') / 1024) };
}
