import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** User plus system CPU time of a process so far (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(child: ChildProcess): number {
  return statCpuMs(`/proc/${child.pid}/stat`);
}

/** User plus system CPU time in a /proc stat file (a process's, or one thread's), ms. */
export function statCpuMs(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process's resident memory now (VmRSS), MB. */
export function rssMb(child: ChildProcess): number {
  return statusMb(child, 'VmRSS');
}

/** The most resident memory the process ever had (VmHWM), MB. */
export function peakRssMb(child: ChildProcess): number {
  return Math.round(statusMb(child, 'VmHWM'));
}

/**
 * Starts the process's peak RSS (VmHWM) over from its RSS now (Linux: 5 to clear_refs), so
 * one scenario's peak can be read on its own. Where that is not allowed the peak stays the
 * process's whole-life one, which is never lower.
 */
export function resetPeakRss(child: ChildProcess): void {
  try {
    writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
  } catch {
    // not permitted here: the peak read after covers the process's life so far
  }
}

function statusMb(child: ChildProcess, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
  return Number(kb ?? 0) / 1024;
}
