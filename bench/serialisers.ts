/**
 * How long writing one passport list reply takes (10 and 100 a page), four ways: JSON.stringify,
 * zod's encode then JSON.stringify (fastify-type-provider-zod's serializer), zod's parse then
 * JSON.stringify, and the server's (fast-json-stringify compiled from the zod schema). In process,
 * no server: `npx tsx bench/serialisers.ts` (docs/api.md "Serialisation").
 */
import { z } from "zod";
import { stringifierOf } from "../server/http/reply-serializer";
import type { Passport } from "../src/contract";
import { envelopeOf, pageOf, passportSchema } from "../src/contract/replies";

const passport: Passport = {
  id: 1, fullName: "Abdul Karim Mia", passportNo: "A12345678", fathersName: "Rahim Mia", mothersName: "Fatema Begum",
  schooling: "SSC", maritalStatus: "Single", telephone: "01712345678", agentId: 3, agentName: "agent", adminId: 2,
  contractAmount: 450000, passportIssueDate: "2020-01-01", passportExpireDate: "2030-01-01", dob: "1990-05-05", age: 35,
  visaType: "WORKVISA", slot: "SLOT-2024-01", isSuperAdminApproved: "PENDING", commentByAdmin: null, commentBySuperAdmin: null,
  isWorkPermitApproved: false, isGadgetPublished: false, isVisaApplied: true, isVisaGranted: false, isBMETApproved: false,
  isFlightScheduled: false, visaIssueDate: null, visaExpireDate: "2026-01-01", visaRemainingDays: 100, flightScheduleDate: null,
  createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-01T00:00:00.000Z", statusChangedAt: "2025-01-01T00:00:00.000Z", commentCount: 0,
};
const schema = envelopeOf(pageOf(passportSchema));
const fast = stringifierOf(schema);

function microseconds(write: () => unknown, runs = 5000): number {
  for (let i = 0; i < runs / 5; i++) write();
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) write();
  return Number(process.hrtime.bigint() - start) / runs / 1000;
}

console.log("| page | JSON.stringify | zod encode + stringify | zod parse + stringify | fast-json-stringify |");
console.log("|---|---|---|---|---|");
for (const size of [10, 100]) {
  const reply = { success: true as const, replyMessage: { content: Array.from({ length: size }, (_, i) => ({ ...passport, id: i })), totalElements: 1000, totalPages: 100, page: 0, size }, message: null, errorMessage: null };
  if (fast(reply) !== JSON.stringify(reply)) throw new Error("fast-json-stringify wrote another reply");
  const times = [
    microseconds(() => JSON.stringify(reply)),
    microseconds(() => JSON.stringify(z.encode(schema, reply))),
    microseconds(() => JSON.stringify(schema.parse(reply))),
    microseconds(() => fast(reply)),
  ];
  console.log(`| ${size} | ${times.map((t) => `${t.toFixed(0)} µs`).join(" | ")} |`);
}
