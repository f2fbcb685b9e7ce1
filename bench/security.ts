/**
 * The `security` section of `npm run bench` (issue 11): a real server process on the bench's
 * database, attacked over real sockets.
 *
 *  - Sign-in floods: 16 keep-alive connections from one address (127.0.0.2, or 127.0.0.3) send wrong
 *    passwords as fast as the server answers, for one account, then for a new username each time.
 *    Meanwhile another user signs in from 127.0.0.1 and lists passports; their times are compared
 *    with the same calls on the quiet server. Target: the sign-in within 1 s, the list's p95 within
 *    twice the quiet p95 (or 50 ms more, whichever is larger).
 *  - Attachments memory: 8 users fetch at once a passport holding eight 5 MB documents; the server's
 *    resident memory (RSS, from /proc) is sampled throughout. Target: less than 100 MB above the RSS
 *    just before.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { buildApp } from "../server/app";
import { hashPassword } from "../server/auth/passwords";

const PASSWORD = "bench-secure-1";
const FLOOD_CONNECTIONS = 16;
const READERS = 8;
const DOCUMENT_BYTES = 5 * 1024 * 1024;
const DOCUMENT_KINDS = ["educational", "recentPic", "policeClearence", "passport", "nid", "utilityBill", "bankStatement", "experienceLetter"];
const LIST_URL = "/api/passport/filter?isSuperAdminApproved=PENDING&page=0&size=10";

export const SECURITY_TARGETS = { signInMs: 1000, attachmentsRssRiseMb: 100 };

interface Reply {
  status: number;
  ms: number;
  bytes: number;
  body?: string;
}

export interface FloodFigures {
  flood: string;
  signInMs: number[];
  signInStatuses: number[];
  quietListP50: number;
  quietListP95: number;
  listP50: number;
  listP95: number;
  floodReplies: Record<string, number>;
}

export interface SecurityFigures {
  quietSignInMs: number;
  floods: FloodFigures[];
  attachments: { replies: number; documents: number; documentMb: number; statuses: number[]; rssBeforeMb: number; rssPeakMb: number; rssRiseMb: number; anonymousRiseMb: number; seconds: number; listMaxMsDuring: number };
  met: { signInWithin1s: boolean; listNormal: boolean; attachmentsUnder100Mb: boolean };
}

const ms = (value: number) => Math.round(value * 10) / 10;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return ms(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

/** One HTTP request; the body is kept only when `keepBody`, otherwise counted and dropped. */
function call(
  port: number,
  options: { method?: string; path: string; token?: string; json?: unknown; agent?: Agent; localAddress?: string; keepBody?: boolean },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        agent: options.agent,
        localAddress: options.agent ? undefined : options.localAddress,
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        timeout: 120_000,
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.keepBody) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes, body: options.keepBody ? Buffer.concat(chunks).toString() : undefined }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${options.path} timed out`)));
    req.on("error", reject);
    req.end(payload);
  });
}

async function signIn(port: number, username: string, localAddress = "127.0.0.1"): Promise<{ token: string; reply: Reply }> {
  const reply = await call(port, { method: "POST", path: "/auth/login", json: { username, password: PASSWORD }, localAddress, keepBody: true });
  if (reply.status !== 200) throw new Error(`Sign-in of ${username} answered ${reply.status}: ${reply.body}`);
  return { token: JSON.parse(reply.body!).replyMessage.token, reply };
}

/** Users, a slot and a passport with eight 5 MB documents, written straight into the database. */
async function prepare(databaseUrl: string): Promise<{ passportId: number }> {
  const { app, database } = await buildApp({
    databaseUrl, jwtSecret: "bench-secret-0123456789-0123456789-abc", accessTokenTtlSeconds: 3600, refreshTokenTtlSeconds: 3600,
    maxUploadBytes: DOCUMENT_BYTES, production: false, seedDemoData: false, logger: false,
  });
  const { db } = database;
  try {
    const hash = await hashPassword(PASSWORD);
    const now = new Date().toISOString();
    const names = ["sec-victim", "sec-user", ...Array.from({ length: READERS }, (_, i) => `sec-reader${i}`)];
    const users = await db
      .insertInto("users")
      .values(names.map((username) => ({
        username, email: `${username}@bench.test`, password_hash: hash, contact_number: "01712345678", emergency_contact_number: "01812345678",
        address: "Dhaka", nid_no: "1", passport_no: "1", created_at: now, updated_at: now,
      })))
      .returning("id")
      .execute();
    const admin = await db.selectFrom("roles").select("id").where("name", "=", "ADMIN").executeTakeFirstOrThrow();
    await db.insertInto("user_roles").values(users.slice(1).map((u) => ({ user_id: u.id, role_id: admin.id }))).execute();
    const slot = await db.insertInto("slots").values({ slot_name: `SEC-${Date.now()}` }).returning("id").executeTakeFirstOrThrow();
    const passport = await db
      .insertInto("passports")
      .values({
        full_name: "Bench Documents", passport_no: "SEC00001", fathers_name: "A", mothers_name: "B", schooling: "SSC", marital_status: "Single",
        telephone: "01712345678", agent_id: users[0].id, agent_name: "sec-victim", admin_id: users[1].id, contract_amount: 1, passport_issue_date: "2022-01-01",
        passport_expire_date: "2032-01-01", dob: "1995-05-05", visa_type: "WORKVISA", slot_id: slot.id, status: "PENDING",
        is_work_permit_approved: 0, is_gadget_published: 0, is_visa_applied: 0, is_visa_granted: 0, is_bmet_approved: 0, is_flight_scheduled: 0,
        created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const kind of DOCUMENT_KINDS) {
      const bytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(DOCUMENT_BYTES - 9)]);
      await db
        .insertInto("passport_documents")
        .values({ passport_id: passport.id, kind, file_name: `${kind}.pdf`, content_type: "application/pdf", size: bytes.length, sha256: "0".repeat(64), bytes, created_at: now })
        .execute();
    }
    return { passportId: passport.id };
  } finally {
    await app.close();
  }
}

/** The server as `npm run serve` starts it, API only, on a free port. */
async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", JWT_SECRET: "bench-secret-0123456789-0123456789-abc", STATIC_DIR: "/nonexistent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`The server exited (${code}): ${out}`)));
  });
  return { child, port };
}

/** The server's resident memory in MB: all of it (VmRSS), and its anonymous part (without mapped files). */
function memoryMb(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  if (Number.isNaN(kb("VmRSS"))) throw new Error("The server has exited");
  return { rss: kb("VmRSS") / 1024, anon: kb("RssAnon") / 1024 };
}

async function listTimes(port: number, token: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const reply = await call(port, { path: LIST_URL, token });
    if (reply.status !== 200) throw new Error(`The list answered ${reply.status}`);
    times.push(reply.ms);
  }
  return times;
}

/** 16 connections from `localAddress` sending wrong passwords until stopped; `username(i)` names each attempt's account. */
function startFlood(port: number, localAddress: string, username: (i: number) => string): { stop(): Promise<Record<string, number>> } {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS, localAddress });
  const statuses: Record<string, number> = {};
  let running = true;
  let n = 0;
  const loops = Array.from({ length: FLOOD_CONNECTIONS }, async () => {
    while (running) {
      const reply = await call(port, { method: "POST", path: "/auth/login", json: { username: username(n++), password: "wrong-password" }, agent }).catch(() => ({ status: 0 }));
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return statuses;
    },
  };
}

async function measureFlood(port: number, name: string, localAddress: string, username: (i: number) => string, quietList: number[]): Promise<FloodFigures> {
  const flood = startFlood(port, localAddress, username);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the flood under way
  const signIns: Reply[] = [];
  for (let i = 0; i < 3; i++) signIns.push((await call(port, { method: "POST", path: "/auth/login", json: { username: "sec-user", password: PASSWORD }, localAddress: "127.0.0.1" })));
  const token = (await signIn(port, "sec-user")).token;
  const list = await listTimes(port, token, 20);
  const floodReplies = await flood.stop();
  return {
    flood: name,
    signInMs: signIns.map((r) => ms(r.ms)),
    signInStatuses: signIns.map((r) => r.status),
    quietListP50: percentile(quietList, 50),
    quietListP95: percentile(quietList, 95),
    listP50: percentile(list, 50),
    listP95: percentile(list, 95),
    floodReplies,
  };
}

/**
 * Lists passports every 100 ms from a process of its own until stopped, answering the times: the
 * bench process is busy reading 400 MB of attachments, which would delay its own calls.
 */
function startLister(port: number, token: string): { stop(): Promise<number[]> } {
  const script = `
    const http = require("node:http");
    const times = [];
    let running = true;
    process.stdin.on("data", () => (running = false)).resume();
    (async () => {
      while (running) {
        const started = performance.now();
        await new Promise((resolve, reject) =>
          http.get({ host: "127.0.0.1", port: ${port}, path: ${JSON.stringify(LIST_URL)}, headers: { authorization: "Bearer ${token}" } }, (res) => res.resume().on("end", resolve)).on("error", reject));
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.stdout.write(JSON.stringify(times));
    })();`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (chunk) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    async stop() {
      child.stdin!.end("stop");
      await exited;
      return JSON.parse(out) as number[];
    },
  };
}

async function measureAttachments(port: number, pid: number, passportId: number, listToken: string): Promise<SecurityFigures["attachments"]> {
  const tokens: string[] = [];
  for (let i = 0; i < READERS; i++) tokens.push((await signIn(port, `sec-reader${i}`)).token);
  await listTimes(port, listToken, 3);
  const before = memoryMb(pid);
  const peak = { ...before };
  const sample = () => {
    const now = memoryMb(pid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anon = Math.max(peak.anon, now.anon);
  };
  const sampler = setInterval(() => {
    try {
      sample();
    } catch {
      clearInterval(sampler);
    }
  }, 20);
  const lister = startLister(port, listToken);
  const started = performance.now();
  const replies = await Promise.all(tokens.map((token) => call(port, { path: `/api/passport/${passportId}/get-attachments`, token })));
  const seconds = (performance.now() - started) / 1000;
  const listMax = Math.max(...(await lister.stop()));
  clearInterval(sampler);
  sample();
  const expectedBytes = Math.ceil(DOCUMENT_BYTES / 3) * 4 * DOCUMENT_KINDS.length;
  for (const reply of replies) if (reply.status === 200 && reply.bytes < expectedBytes) throw new Error(`An attachments reply was short: ${reply.bytes} bytes`);
  return {
    replies: READERS, documents: DOCUMENT_KINDS.length, documentMb: DOCUMENT_BYTES / 1024 / 1024, statuses: replies.map((r) => r.status),
    rssBeforeMb: Math.round(before.rss), rssPeakMb: Math.round(peak.rss), rssRiseMb: Math.round(peak.rss - before.rss),
    anonymousRiseMb: Math.round(peak.anon - before.anon), seconds: ms(seconds), listMaxMsDuring: ms(listMax),
  };
}

/** Measures and prints the section; the figures go into the results file. */
export async function measureSecurity(databaseUrl: string): Promise<SecurityFigures> {
  const figures = await measure(databaseUrl);
  printSecurity(figures);
  return figures;
}

const progress = (step: string) => console.log(`security: ${step}`);

async function measure(databaseUrl: string): Promise<SecurityFigures> {
  progress("writing users and a passport with eight 5 MB documents");
  const { passportId } = await prepare(databaseUrl);
  const { child, port } = await startServer(databaseUrl);
  const killServer = () => child.kill("SIGKILL"); // should this process end first
  process.once("exit", killServer);
  progress(`server started (pid ${child.pid}, port ${port}); quiet sign-in and lists`);
  try {
    const quiet = await signIn(port, "sec-user");
    const quietList = await listTimes(port, quiet.token, 20);
    progress("sign-in floods");
    const floods = [
      await measureFlood(port, "16 connections, one account", "127.0.0.2", () => "sec-victim", quietList),
      await measureFlood(port, "16 connections, a new username each time", "127.0.0.3", (i) => `nobody-${i}`, quietList),
    ];
    progress("8 attachments replies at once");
    const attachments = await measureAttachments(port, child.pid!, passportId, quiet.token);
    const listNormal = floods.every((f) => f.listP95 <= Math.max(2 * f.quietListP95, f.quietListP95 + 50));
    return {
      quietSignInMs: ms(quiet.reply.ms),
      floods,
      attachments,
      met: {
        signInWithin1s: floods.every((f) => f.signInStatuses.every((s) => s === 200) && Math.max(...f.signInMs) <= SECURITY_TARGETS.signInMs),
        listNormal,
        attachmentsUnder100Mb: attachments.statuses.every((s) => s === 200) && attachments.rssRiseMb < SECURITY_TARGETS.attachmentsRssRiseMb,
      },
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    process.removeListener("exit", killServer);
  }
}

function printSecurity(figures: SecurityFigures): void {
  console.table(
    figures.floods.map((f) => ({
      flood: f.flood,
      "sign-in ms": f.signInMs.join(", "),
      "list p50/p95 ms (quiet)": `${f.listP50}/${f.listP95} (${f.quietListP50}/${f.quietListP95})`,
      "flood replies": Object.entries(f.floodReplies).map(([status, n]) => `${n}×${status}`).join(" "),
    })),
  );
  const a = figures.attachments;
  console.log(
    `Attachments: ${a.replies} replies of ${a.documents} × ${a.documentMb} MB in ${a.seconds} s (${a.statuses.join(",")}); server RSS ${a.rssBeforeMb} → ${a.rssPeakMb} MB (+${a.rssRiseMb} MB, of which anonymous +${a.anonymousRiseMb} MB); slowest list meanwhile ${a.listMaxMsDuring} ms`,
  );
  const m = figures.met;
  console.log(
    `Security targets: sign-in under a flood <= ${SECURITY_TARGETS.signInMs} ms ${m.signInWithin1s ? "met" : "MISSED"}; list normal ${m.listNormal ? "met" : "MISSED"}; attachments RSS rise < ${SECURITY_TARGETS.attachmentsRssRiseMb} MB ${m.attachmentsUnder100Mb ? "met" : "MISSED"}`,
  );
}
