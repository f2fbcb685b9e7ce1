/**
 * Requests per second (autocannon, keep-alive, 10 connections) of a passport list page and of a
 * Fastify hello-world on the same machine, each server in its own process: the share of hello-world's
 * rate the list reaches is what schema-driven serialisation moves (docs/api.md "Serialisation").
 * BENCH_THROUGHPUT_SECONDS sets each run's length (default 10).
 */
import { type ChildProcess, spawn } from "node:child_process";
import autocannon from "autocannon";
import { dataSet } from "./data-set";
import { cpuMsOf, machine } from "./machine";
import type { BenchSection } from "./run";
import { startServer } from "./server";

const CONNECTIONS = 10;

interface Rate {
  name: string;
  url: string;
  requestsPerSecond: number;
  /** The server process's CPU time per request: steadier than req/s on a shared machine. */
  cpuMsPerRequest: number | undefined;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export async function measure(name: string, url: string, headers: Record<string, string>, seconds: number, cpuMs: () => number | undefined): Promise<Rate> {
  // A short warm-up first: the JIT and the database's caches.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const cpuBefore = cpuMs();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const cpuAfter = cpuMs();
  return {
    name,
    url: url.replace(/^http:\/\/[^/]+/, ""),
    requestsPerSecond: Math.round(result.requests.average),
    cpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : Math.round((1000 * (cpuAfter - cpuBefore)) / result.requests.total) / 1000,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function startHelloWorld(): Promise<{ url: string; pid: number | undefined; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/hello-world.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /Server listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match) resolve({ url: `${match[1]}/`, pid: child.pid, stop: () => child.kill("SIGTERM") });
    });
    child.once("exit", (code) => reject(new Error(`hello-world stopped (exit ${code})`)));
  });
}

export const throughputSection: BenchSection = {
  name: "throughput",
  async run(settings) {
    const seconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
    const rates: Rate[] = [];
    const hello = await startHelloWorld();
    try {
      rates.push(await measure("hello-world", hello.url, {}, seconds, () => cpuMsOf(hello.pid)));
    } finally {
      hello.stop();
    }
    const data = await dataSet(settings.dialects[0], settings.passports, (line) => console.log(line));
    try {
      const server = await startServer(data.url);
      try {
        const { token } = await server.signIn("admin", "admin123");
        const authorization = { authorization: `Bearer ${token}` };
        for (const size of [10, 100]) {
          const url = `${server.baseUrl}/api/passport/get-pending-passports?page=0&size=${size}`;
          rates.push(await measure(`passport list, ${size} a page`, url, authorization, seconds, server.cpuMs));
        }
      } finally {
        await server.stop();
      }
    } finally {
      data.close();
    }
    const helloRate = rates[0].requestsPerSecond;
    console.log(`| request | req/s | share of hello-world | server CPU ms a request | p50 ms | p99 ms |`);
    console.log(`|---|---|---|---|---|---|`);
    for (const r of rates) {
      console.log(`| ${r.name} | ${r.requestsPerSecond} | ${((100 * r.requestsPerSecond) / helloRate).toFixed(1)}% | ${r.cpuMsPerRequest ?? "?"} | ${r.p50Ms} | ${r.p99Ms} |`);
    }
    console.log(`Load average at the end: ${machine().loadAverage.join(" ")}`);
    return { met: rates.every((r) => r.non2xx === 0), data: { connections: CONNECTIONS, seconds, dialect: settings.dialects[0], passports: settings.passports, rates } };
  },
};
