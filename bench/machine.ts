/** The machine a benchmark ran on, and how busy it was (shared machines read high). */
import { cpus, loadavg, totalmem } from "node:os";

export const machine = () => ({
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
});
