/** The machine a benchmark ran on, and how busy it was (shared machines read high). */
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";

export const machine = () => ({
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
});

/** CPU time a process has used so far, in ms (undefined off Linux): what its work costs, however busy the machine. */
export function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return undefined;
  }
}
