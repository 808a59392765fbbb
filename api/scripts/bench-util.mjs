// What the api's benches (bench.mjs, bench-scale.mjs) print beside their figures: the load and
// the CPU each process spent, read from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** The machine's 1-minute load average, printed beside every figure. */
export const load1 = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/** The fields of /proc/<pid>/stat after the command name (utime is [11], stime [12]). */
export const statFields = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** CPU seconds a process has used (USER_HZ ticks). */
export const cpuSecondsOf = (pid) => {
  const f = statFields(pid);
  return (Number(f[11]) + Number(f[12])) / 100;
};

/** CPU seconds of this process's children that ended and were waited for (wrk's runs). */
export const waitedChildrenCpu = () => {
  const f = statFields('self');
  return (Number(f[13]) + Number(f[14])) / 100;
};

/** CPU seconds of a PostgreSQL server: its postmaster and every backend under it (0: none). */
export function serverCpuSeconds(postmaster) {
  if (!postmaster) return 0;
  let s = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d)))
    try {
      const f = statFields(pid);
      if (Number(pid) === postmaster || Number(f[1]) === postmaster) s += cpuSecondsOf(pid);
    } catch {
      // ended meanwhile
    }
  return s;
}
