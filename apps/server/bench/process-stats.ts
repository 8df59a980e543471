import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** User plus system CPU time of a process so far (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
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

function statusMb(child: ChildProcess, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
  return Number(kb ?? 0) / 1024;
}
