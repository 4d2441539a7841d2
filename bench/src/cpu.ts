import { readFileSync } from 'node:fs';

/** Linux's clock tick (USER_HZ) is 100 on every architecture Node runs on: /proc counts in 10 ms steps. */
const TICK_MS = 10;

/** User + system CPU time a process has used so far (all its threads), in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is the first, utime the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** This process's own CPU time, in ms (the load generator's share). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU counters of several processes, read before and after a piece of work. */
export class CpuMeter {
  constructor(private readonly pids: Record<string, number[]>) {}

  read(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.pids).map(([name, pids]) => [name, pids.reduce((sum, pid) => sum + cpuMs(pid), 0)]));
  }

  /** Runs `work` and returns each process group's CPU ms used meanwhile, and the load generator's. */
  async around<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: Record<string, number> }> {
    const before = this.read();
    const ownBefore = ownCpuMs();
    const result = await work();
    const after = this.read();
    const cpu = Object.fromEntries(Object.keys(after).map((name) => [name, after[name]! - before[name]!]));
    cpu.loadGenerator = ownCpuMs() - ownBefore;
    return { result, cpuMs: cpu };
  }
}
