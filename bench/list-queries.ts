/**
 * The passport lists through HTTP, timed: every list endpoint (first and deep pages) and every filter,
 * alone and combined, as issue 12 names them. One line per query: add a query by adding a line.
 * Targets: 25 ms at p95, 100 ms for filters shorter than three characters.
 */
import { performance } from "node:perf_hooks";
import type { RunningServer } from "./server";

type Who = "superadmin" | "admin" | "agent";

/** Ids and values the queries use, read from the data set before timing. */
export interface QueryValues {
  agentId: number;
  adminId: number;
  /** A passport of the data set: its whole number and phone number, and its family name. */
  passportNo: string;
  telephone: string;
  familyName: string;
  historyLastPage: number;
  agentApprovedLastPage: number;
}

export interface BenchQuery {
  name: string;
  as: Who;
  url: (v: QueryValues) => string;
  /** p95 target in ms (default 25). */
  target?: number;
}

const SHORT = 100;
/** Today plus `offset` days, as the list's date filters take it (YYYY-MM-DD). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const P = "/api/passport";

export const QUERIES: BenchQuery[] = [
  // every list, first page
  { name: "pending (admin)", as: "admin", url: () => `${P}/get-pending-passports?page=0&size=10` },
  { name: "reviewed (admin)", as: "admin", url: () => `${P}/get-reviewed-passports?page=0&size=10` },
  { name: "completed (admin)", as: "admin", url: () => `${P}/get-completed-passports?page=0&size=10` },
  { name: "approved (super admin)", as: "superadmin", url: () => `${P}/get-approved-passports?page=0&size=10` },
  { name: "rejected (super admin)", as: "superadmin", url: () => `${P}/get-rejected-passports?page=0&size=10` },
  { name: "pending and reviewed", as: "admin", url: () => `${P}/get-pending-and-reviewed-passports?page=0&size=10` },
  { name: "admin pending screen (filter)", as: "admin", url: () => `${P}/filter?isSuperAdminApproved=PENDING&page=0&size=10` },
  { name: "final approval screen (filter, 50)", as: "superadmin", url: () => `${P}/filter?isSuperAdminApproved=COMPLETED&page=0&size=50` },
  { name: "history", as: "superadmin", url: () => `${P}/get-history?page=0&size=10` },
  { name: "history filter, no filter, 100 rows", as: "superadmin", url: () => `${P}/filter-history?page=0&size=100` },
  { name: "agent: own pending", as: "agent", url: (v) => `${P}/get-agent-pending-passports/${v.agentId}?page=0&size=10` },
  { name: "agent: own approved", as: "agent", url: (v) => `${P}/get-agent-approved-passports/${v.agentId}?page=0&size=10` },
  { name: "agent: own rejected", as: "agent", url: (v) => `${P}/get-agent-rejected-passports/${v.agentId}?page=0&size=10` },
  { name: "agent: own pending and reviewed", as: "agent", url: (v) => `${P}/get-agent-pending-and-reviewed-passports/${v.agentId}?page=0&size=10` },
  { name: "agent: every own passport", as: "agent", url: (v) => `${P}/filter-agent-specific-passports/${v.agentId}?page=0&size=10` },
  { name: "agent data entry of an admin", as: "admin", url: (v) => `${P}/get-agent-passports/${v.adminId}?page=0&size=10` },
  { name: "agent data entry of an agent", as: "agent", url: (v) => `${P}/get-agent-passports/${v.agentId}?page=0&size=10` },
  // deep pages
  { name: "approved, page 5,000", as: "superadmin", url: () => `${P}/get-approved-passports?page=5000&size=10` },
  { name: "rejected, page 5,000", as: "superadmin", url: () => `${P}/get-rejected-passports?page=5000&size=10` },
  { name: "history, page 50,000", as: "superadmin", url: () => `${P}/get-history?page=50000&size=10` },
  { name: "history, last page", as: "superadmin", url: (v) => `${P}/get-history?page=${v.historyLastPage}&size=10` },
  { name: "agent: own approved, last page", as: "agent", url: (v) => `${P}/get-agent-approved-passports/${v.agentId}?page=${v.agentApprovedLastPage}&size=10` },
  // each text filter alone (the super admin's history filter)
  { name: "full name: common family name", as: "superadmin", url: (v) => `${P}/filter-history?fullName=${v.familyName}&page=0&size=10` },
  { name: "full name: a given name (rahim)", as: "superadmin", url: () => `${P}/filter-history?fullName=rahim&page=0&size=10` },
  { name: "full name: fragment (ahm)", as: "superadmin", url: () => `${P}/filter-history?fullName=ahm&page=0&size=10` },
  { name: "full name: matching nothing", as: "superadmin", url: () => `${P}/filter-history?fullName=zzqx&page=0&size=10` },
  { name: "passport no: whole", as: "superadmin", url: (v) => `${P}/filter-history?passportNo=${v.passportNo}&page=0&size=10` },
  { name: "passport no: fragment (5)", as: "superadmin", url: (v) => `${P}/filter-history?passportNo=${v.passportNo.slice(2, 7)}&page=0&size=10` },
  { name: "passport no: matching nothing", as: "superadmin", url: () => `${P}/filter-history?passportNo=ZZ9999999&page=0&size=10` },
  { name: "phone: whole", as: "superadmin", url: (v) => `${P}/filter-history?telephone=${v.telephone}&page=0&size=10` },
  { name: "phone: fragment (4)", as: "superadmin", url: (v) => `${P}/filter-history?telephone=${v.telephone.slice(5, 9)}&page=0&size=10` },
  { name: "phone: operator prefix (0171)", as: "superadmin", url: () => `${P}/filter-history?telephone=0171&page=0&size=10` },
  { name: "phone: matching nothing", as: "superadmin", url: () => `${P}/filter-history?telephone=0100000000&page=0&size=10` },
  { name: "agent name: whole (agent2)", as: "superadmin", url: () => `${P}/filter-history?agentName=agent2&page=0&size=10` },
  { name: "agent name: fragment (agent)", as: "superadmin", url: () => `${P}/filter-history?agentName=agent&page=0&size=10` },
  { name: "agent name: matching most (.)", as: "superadmin", url: () => `${P}/filter-history?agentName=.&page=0&size=10`, target: SHORT },
  { name: "slot: whole", as: "admin", url: () => `${P}/filter?slot=SLOT-${new Date().getUTCFullYear() - 1}-07&page=0&size=10` },
  { name: "slot: a year", as: "admin", url: () => `${P}/filter?slot=-${new Date().getUTCFullYear() - 2}-&page=0&size=10` },
  { name: "slot: matching all (slot)", as: "admin", url: () => `${P}/filter?slot=slot&page=0&size=10` },
  { name: "visa type: whole (STUDENTVISA)", as: "superadmin", url: () => `${P}/filter-history?visaType=STUDENTVISA&page=0&size=10` },
  { name: "visa type: fragment (visit)", as: "superadmin", url: () => `${P}/filter-history?visaType=visit&page=0&size=10` },
  { name: "visa type: matching all (visa)", as: "superadmin", url: () => `${P}/filter-history?visaType=visa&page=0&size=10` },
  // combined with a status
  { name: "pending + family name", as: "admin", url: (v) => `${P}/filter?isSuperAdminApproved=PENDING&fullName=${v.familyName}&page=0&size=10` },
  { name: "approved + phone prefix", as: "superadmin", url: () => `${P}/get-approved-passports?telephone=0171&page=0&size=10` },
  { name: "rejected + passport fragment", as: "superadmin", url: (v) => `${P}/get-rejected-passports?passportNo=${v.passportNo.slice(3, 7)}&page=0&size=10` },
  { name: "reviewed + slot of a year", as: "admin", url: () => `${P}/get-reviewed-passports?slot=${new Date().getUTCFullYear()}&page=0&size=10` },
  // combined with an agent
  { name: "agent: own + family name", as: "agent", url: (v) => `${P}/filter-agent-specific-passports/${v.agentId}?fullName=${v.familyName}&page=0&size=10` },
  { name: "agent: own approved + phone fragment", as: "agent", url: (v) => `${P}/get-agent-approved-passports/${v.agentId}?telephone=${v.telephone.slice(6, 9)}&page=0&size=10` },
  { name: "admin data entry + given name", as: "admin", url: (v) => `${P}/get-agent-passports/${v.adminId}?fullName=rahim&page=0&size=10` },
  // combined with each other
  { name: "family name + slot of a year", as: "superadmin", url: (v) => `${P}/filter-history?fullName=${v.familyName}&slot=-${new Date().getUTCFullYear() - 3}-&page=0&size=10` },
  { name: "given name + visa type", as: "superadmin", url: () => `${P}/filter-history?fullName=rahim&visaType=student&page=0&size=10` },
  { name: "phone prefix + passport fragment", as: "superadmin", url: (v) => `${P}/filter-history?telephone=017&passportNo=${v.passportNo.slice(0, 3)}&page=0&size=10` },
  { name: "name + phone + agent name", as: "superadmin", url: (v) => `${P}/filter-history?fullName=${v.familyName}&telephone=019&agentName=agent&page=0&size=10` },
  // the overview (issue 14), and the lists its "Needs attention" counts open
  { name: "overview (admin)", as: "admin", url: () => `${P}/overview` },
  { name: "overview (super admin)", as: "superadmin", url: () => `${P}/overview` },
  { name: "overview (admin, one agent)", as: "admin", url: (v) => `${P}/overview?agentId=${v.agentId}` },
  { name: "overview (agent)", as: "agent", url: () => `${P}/overview` },
  { name: "reviewed + visa expiring in 30 days", as: "admin", url: () => `${P}/get-reviewed-passports?visaExpireTo=${day(30)}&page=0&size=10` },
  { name: "pending + passport expiring in 6 months", as: "admin", url: () => `${P}/filter?isSuperAdminApproved=PENDING&passportExpireTo=${day(183)}&page=0&size=10` },
  { name: "approved + flight in 7 days", as: "superadmin", url: () => `${P}/get-approved-passports?flightFrom=${day(0)}&flightTo=${day(7)}&page=0&size=10` },
  { name: "reviewed + waiting over 14 days", as: "admin", url: () => `${P}/get-reviewed-passports?statusChangedTo=${day(-15)}&page=0&size=10` },
  // shorter than three characters
  { name: "full name: md (2)", as: "superadmin", url: () => `${P}/filter-history?fullName=md&page=0&size=10`, target: SHORT },
  { name: "full name: rare pair (xz)", as: "superadmin", url: () => `${P}/filter-history?fullName=xz&page=0&size=10`, target: SHORT },
  { name: "full name: q (1)", as: "superadmin", url: () => `${P}/filter-history?fullName=q&page=0&size=10`, target: SHORT },
  { name: "full name: a (1)", as: "superadmin", url: () => `${P}/filter-history?fullName=a&page=0&size=10`, target: SHORT },
  { name: "phone: 99 (2)", as: "superadmin", url: () => `${P}/filter-history?telephone=99&page=0&size=10`, target: SHORT },
  { name: "passport no: eb (2)", as: "admin", url: () => `${P}/filter?isSuperAdminApproved=PENDING&passportNo=eb&page=0&size=10`, target: SHORT },
  // unselective filters, alone and with a value filter: totals beyond 100,000 are estimated
  { name: "phone: 017 (15% of passports)", as: "superadmin", url: () => `${P}/filter-history?telephone=017&page=0&size=10`, target: SHORT },
  { name: "full name: a (1) + slot of a year", as: "superadmin", url: () => `${P}/filter-history?fullName=a&slot=-${new Date().getUTCFullYear() - 3}-&page=0&size=10`, target: SHORT },
  { name: "full name: md (2) + agent name", as: "superadmin", url: () => `${P}/filter-history?fullName=md&agentName=agent&page=0&size=10`, target: SHORT },
  { name: "full name: an (2) + visa type", as: "superadmin", url: () => `${P}/filter-history?fullName=an&visaType=work&page=0&size=10`, target: SHORT },
  { name: "full name: q (1) + visa type", as: "superadmin", url: () => `${P}/filter-history?fullName=q&visaType=work&page=0&size=10`, target: SHORT },
  { name: "full name: rare pair (xz) + slot of a year", as: "superadmin", url: () => `${P}/filter-history?fullName=xz&slot=-${new Date().getUTCFullYear() - 3}-&page=0&size=10`, target: SHORT },
];

export interface QueryTiming {
  name: string;
  target: number;
  p50: number;
  p95: number;
  max: number;
  /** The server's own CPU time per request (ms), whatever the load of the machine. */
  cpu: number | undefined;
  /** PostgreSQL's CPU time per request (ms), its backends serving the server's connections. */
  dbCpu?: number;
  rows: number;
  total: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Reads the values the queries need: ids of the demo accounts, a passport, the last pages. */
async function queryValues(server: RunningServer, tokens: Record<Who, { token: string; userId: number }>): Promise<QueryValues> {
  const get = async (who: Who, url: string) => {
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${tokens[who].token}` } });
    return (await res.json()).replyMessage as { content: { passportNo: string; telephone: string; fullName: string }[]; totalElements: number };
  };
  const agentId = tokens.agent.userId;
  const history = await get("superadmin", `${P}/get-history?page=0&size=10`);
  const approved = await get("agent", `${P}/get-agent-approved-passports/${agentId}?page=0&size=10`);
  const sample = history.content.find((p) => / \S+$/.test(p.fullName)) ?? history.content[0];
  return {
    agentId,
    adminId: tokens.admin.userId,
    passportNo: sample.passportNo,
    telephone: sample.telephone,
    familyName: "hossain",
    historyLastPage: Math.max(0, Math.ceil(history.totalElements / 10) - 1),
    agentApprovedLastPage: Math.max(0, Math.ceil(approved.totalElements / 10) - 1),
  };
}

/**
 * Times each query `runs` times after two warm-up requests. Signs in first: the peak memory of the
 * sign-ins (scrypt takes 32 MiB each by design) is read, then the peak is measured afresh for the lists.
 */
export async function timeQueries(
  server: RunningServer,
  runs: number,
  { queries = QUERIES, dbCpuMs }: { queries?: BenchQuery[]; dbCpuMs?: () => Promise<number> } = {},
): Promise<{ timings: QueryTiming[]; signInPeakBytes: number | undefined }> {
  const tokens = {
    superadmin: await server.signIn("superadmin", "superadmin123"),
    admin: await server.signIn("admin", "admin123"),
    agent: await server.signIn("agent", "agent123"),
  };
  const signInPeakBytes = server.peakMemoryBytes();
  server.resetPeakMemory();
  const values = await queryValues(server, tokens);
  const timings: QueryTiming[] = [];
  for (const query of queries) {
    const url = `${server.baseUrl}${query.url(values)}`;
    const headers = { authorization: `Bearer ${tokens[query.as].token}` };
    const samples: number[] = [];
    // A page of passports, or the overview (no rows).
    let reply: { content?: unknown[]; totalElements?: number } | undefined;
    let cpuBefore: number | undefined;
    let dbCpuBefore: number | undefined;
    for (let r = 0; r < runs + 2; r++) {
      if (r === 2) {
        cpuBefore = server.cpuMs();
        dbCpuBefore = await dbCpuMs?.();
      }
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.text();
      const elapsed = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${query.name}: ${url} answered ${res.status}: ${body}`);
      reply = JSON.parse(body).replyMessage;
      if (r >= 2) samples.push(elapsed); // the first two warm caches up
    }
    const cpuAfter = server.cpuMs();
    const dbCpuAfter = await dbCpuMs?.();
    samples.sort((a, b) => a - b);
    timings.push({
      name: query.name,
      target: query.target ?? 25,
      p50: round(percentile(samples, 50)),
      p95: round(percentile(samples, 95)),
      max: round(samples[samples.length - 1]),
      cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : round((cpuAfter - cpuBefore) / runs),
      dbCpu: dbCpuBefore === undefined || dbCpuAfter === undefined ? undefined : round((dbCpuAfter - dbCpuBefore) / runs),
      rows: reply?.content?.length ?? 0,
      total: reply?.totalElements ?? 0,
    });
  }
  return { timings, signInPeakBytes };
}
