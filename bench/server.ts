/**
 * The server as users run it (`npm start`: `node --max-semi-space-size=32 --import tsx server/main.ts`,
 * docs/benchmarks.md "Spreadsheets" says why the flag), in a process of its own, on a
 * loopback port: the benchmarks time real HTTP requests and read its peak memory (VmHWM, Linux).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { cpuMsOf } from "./machine";

export interface RunningServer {
  baseUrl: string;
  /** Peak resident memory of the server process so far, in bytes (undefined off Linux). */
  peakMemoryBytes(): number | undefined;
  /** Resident memory of the server process now, in bytes (undefined off Linux). */
  residentMemoryBytes(): number | undefined;
  /** Starts measuring the peak afresh (Linux: clear_refs). */
  resetPeakMemory(): void;
  /** CPU time the server process has used so far, in ms (undefined off Linux): what a request costs, however busy the machine. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  signIn(username: string, password: string): Promise<{ token: string; userId: number }>;
}

/** Starts the server of the checkout in `dir` (BENCH_SERVER_DIR, default this one) on `databaseUrl`. */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = resolve(process.env.BENCH_SERVER_DIR ?? ".");
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "server/main.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      JWT_SECRET: "bench-secret-0123456789-0123456789-abc",
      STATIC_DIR: resolve(dir, "bench/no-web-app"),
      NODE_ENV: "development",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseUrl = await listening(child);
  const statusBytes = (field: string) => {
    try {
      const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
      return kb === undefined ? undefined : Number(kb) * 1024;
    } catch {
      return undefined;
    }
  };
  const peakMemoryBytes = () => statusBytes("VmHWM");
  const cpuMs = () => cpuMsOf(child.pid);
  return {
    baseUrl,
    peakMemoryBytes,
    residentMemoryBytes: () => statusBytes("VmRSS"),
    resetPeakMemory: () => {
      try {
        writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
      } catch {
        // not Linux: the peak then includes the start
      }
    },
    cpuMs,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
    kill: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGKILL");
      }),
    async signIn(username, password) {
      const res = await fetch(`${baseUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password }) });
      if (!res.ok) throw new Error(`Sign-in of ${username} answered ${res.status}: ${await res.text()}`);
      const token: string = (await res.json()).replyMessage.token;
      const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
      return { token, userId: payload.userId };
    },
  };
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        child.stdout!.off("data", onData);
        child.stdout!.resume();
        resolvePromise(match[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`The server stopped (exit ${code}) before listening:\n${output}`)));
  });
}
