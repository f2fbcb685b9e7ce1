/**
 * Passport records (spec §7): add and update (multipart `data` + up to eight documents) and
 * get-attachments; ours: the passport, its events and its comments (its file). Each write stores the
 * passport, its documents and its events in one transaction.
 */
import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { DOCUMENT_KINDS, PATHS, idParamSchema, passportInputSchema } from "../../src/contract";
import {
  attachmentsSchema,
  envelopeOf,
  passportCommentSchema,
  passportEventSchema,
  passportSchema,
} from "../../src/contract/replies";
import { assertMayActForAgent, currentUser } from "../auth/access";
import type { RouteModule } from "../context";
import type { DB } from "../db/schema";
import { nowIso } from "../db/values";
import { ok } from "../http/envelope";
import { notFound, tooManyRequests } from "../http/errors";
import { bodyReadByHandler } from "../http/validate";
import { attachmentsReplyJson, documentsToStore, storeDocuments } from "../passports/documents";
import { listComments } from "../passports/comments";
import { listEvents, type PassportEvent, recordEvents } from "../passports/events";
import { EDITABLE_FIELDS, type PassportColumns, newPassportRow, readPassportSubmission } from "../passports/input";
import { selectPassports, toPassport } from "../passports/mapper";
import { assertPassportNoFree, isPassportNoConflict, passportNoTaken } from "../passports/unique-number";
import { claimPassport } from "../workflow/claim";
import { changeOf } from "../live/change";
import { checkStillOpen } from "../workflow/transitions";

/** What add and update send: the JSON part `data` and up to eight documents, one file each. */
const passportUpload = {
  content: {
    "multipart/form-data": {
      schema: z.object({
        data: passportInputSchema.meta({ description: "JSON of the passport's fields (a part of type application/json or a text field)" }),
        ...Object.fromEntries(
          DOCUMENT_KINDS.map((d) => [
            d.field,
            z
              .file()
              .optional()
              .meta({ description: `${d.label}: ${"imagesOnly" in d ? "a PNG or JPEG image" : "a PDF, PNG or JPEG file"}` }),
          ]),
        ),
      }),
    },
  },
};

const tags = ["Passports"];
const passportReply = envelopeOf(passportSchema);

const addPassport = {
  summary: "Add a passport",
  description: "Created PENDING, whatever the client sends; agentName is the agent's username.",
  tags,
  body: passportUpload,
  response: { 201: passportReply },
};
const updatePassport = {
  summary: "Edit a passport and replace documents",
  description: "A document not sent keeps what is stored; refused (409) once the passport is APPROVED or REJECTED.",
  tags,
  params: idParamSchema,
  body: passportUpload,
  response: { 200: passportReply },
};
const attachments = {
  summary: "A passport's eight documents",
  description: "Streamed as it is read; a user may have two in flight at once (a third answers 429).",
  tags,
  params: idParamSchema,
  response: { 200: envelopeOf(attachmentsSchema) },
};
const passport = { summary: "A passport", tags, params: idParamSchema, response: { 200: passportReply } };
const passportEvents = {
  summary: "A passport's history, oldest first",
  tags,
  params: idParamSchema,
  response: { 200: envelopeOf(z.array(passportEventSchema)) },
};
const passportComments = {
  summary: "A passport's comments, oldest first",
  tags,
  params: idParamSchema,
  response: { 200: envelopeOf(z.array(passportCommentSchema)) },
};

export const passportRecordRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** A passport write; a number taken by a concurrent write answers as one taken before (409). */
  const inTransaction = async <T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> => {
    try {
      return await ctx.db.transaction().execute(work);
    } catch (error) {
      throw isPassportNoConflict(error) ? passportNoTaken() : error;
    }
  };
  /** get-attachments replies in flight on this node, per user: each holds a database slice or two, or an object's stream. */
  const repliesInFlight = new Map<number, number>();

  const readPassport = async (id: number) => {
    const row = await selectPassports(ctx.db).where("passports.id", "=", id).executeTakeFirst();
    if (!row) throw notFound("Passport");
    return toPassport(row);
  };

  app.post(PATHS.addPassport, { config: { access: ["ADMIN", "SUPER_ADMIN"] }, schema: addPassport, validatorCompiler: bodyReadByHandler }, async (request, reply) => {
    const user = currentUser(request);
    const { columns, slotName, files } = await readPassportSubmission(request, ctx);
    const id = await ctx.storage.write(documentsToStore(files), (stored) => inTransaction(async (trx) => {
      await assertPassportNoFree(trx, columns.passport_no);
      const now = nowIso();
      const { id } = await trx
        .insertInto("passports")
        .values(newPassportRow(columns, user.id, now))
        .returning("id")
        .executeTakeFirstOrThrow();
      const documents = await storeDocuments(trx, id, files, stored);
      await recordEvents(trx, id, user.id, [
        { kind: "CREATE", newValue: { ...columns, slot: slotName, status: "PENDING" } },
        ...documents,
      ]);
      return id;
    }));
    ctx.live.publish(changeOf("passports", "created", [{ id, owner: columns.agent_id }]));
    return reply.code(201).send(ok(await readPassport(id), "Passport Added Successfully"));
  });

  app.put(PATHS.updatePassport, { config: { access: ["ADMIN"] }, schema: updatePassport, validatorCompiler: bodyReadByHandler }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    await readPassport(id); // 404 before reading the upload
    const { columns, slotName, files } = await readPassportSubmission(request, ctx);
    const oldAgent = await ctx.storage.write(documentsToStore(files), (stored) => inTransaction(async (trx) => {
      // Locks the row against a concurrent approve/reject (409 once final) and sets updated_at.
      const old = await claimPassport(trx, id, (status) => checkStillOpen(status, "editing"));
      await assertPassportNoFree(trx, columns.passport_no, id);
      const oldSlot = await trx.selectFrom("slots").select("slot_name").where("id", "=", old.slot_id).executeTakeFirstOrThrow();
      const edits: PassportEvent[] = [];
      for (const column of Object.keys(EDITABLE_FIELDS) as (keyof PassportColumns)[]) {
        if (String(old[column]) === String(columns[column])) continue;
        edits.push(
          column === "slot_id"
            ? { kind: "EDIT", field: "slot", oldValue: oldSlot.slot_name, newValue: slotName }
            : { kind: "EDIT", field: EDITABLE_FIELDS[column], oldValue: old[column], newValue: columns[column] },
        );
      }
      const documents = await storeDocuments(trx, id, files, stored);
      if (edits.length > 0) await trx.updateTable("passports").set(columns).where("id", "=", id).execute();
      await recordEvents(trx, id, user.id, [...edits, ...documents]);
      return old.agent_id;
    }));
    // A passport given to another agent is news to both: it leaves one's list and joins the other's.
    ctx.live.publish({ resource: "passports", kind: "updated", ids: [id], owners: [...new Set([oldAgent, columns.agent_id])] });
    return ok(await readPassport(id), "Passport updated successfully");
  });

  /** The passport id of the request, once the caller may see that passport (agents their own only). */
  const visiblePassportId = async (request: FastifyRequest & { params: { id: number } }) => {
    const { id } = request.params;
    const user = currentUser(request);
    const passport = await ctx.db.selectFrom("passports").select("agent_id").where("id", "=", id).executeTakeFirst();
    if (!passport) throw notFound("Passport");
    assertMayActForAgent(user, passport.agent_id);
    return id;
  };
  const EVERYONE = { access: ["AGENT", "ADMIN", "SUPER_ADMIN"] as const };

  app.get(PATHS.attachments, { config: EVERYONE, schema: attachments }, async (request, reply) => {
    const id = await visiblePassportId(request);
    const user = currentUser(request);
    const inFlight = repliesInFlight.get(user.id) ?? 0;
    if (inFlight >= ctx.limits.attachmentRepliesPerUser) {
      throw tooManyRequests("Too many attachment downloads at once; please wait for one to finish", 2);
    }
    repliesInFlight.set(user.id, inFlight + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (repliesInFlight.get(user.id) ?? 1) - 1;
      if (left === 0) repliesInFlight.delete(user.id);
      else repliesInFlight.set(user.id, left);
    };
    // Sent or given up (the client went away, or a read failed): either way the slot is free again.
    reply.raw.once("close", release);
    reply.raw.once("finish", release);
    // Strings go to the socket as they are (no Buffer copy each), one piece read ahead at most.
    const body = Readable.from(attachmentsReplyJson(ctx.documents, id, ctx.storage), { objectMode: true, highWaterMark: 1 });
    // A stream is sent as it is, not serialised: the schema documents the JSON it writes.
    return reply.type("application/json; charset=utf-8").send(body as never);
  });

  // Ours: the passport's file (issue 14), with the same access as its attachments.
  app.get(PATHS.passport, { config: EVERYONE, schema: passport }, async (request) => ok(await readPassport(await visiblePassportId(request))));
  app.get(PATHS.passportEvents, { config: EVERYONE, schema: passportEvents }, async (request) =>
    ok(await listEvents(ctx.db, await visiblePassportId(request))),
  );
  app.get(PATHS.passportComments, { config: EVERYONE, schema: passportComments }, async (request) =>
    ok(await listComments(ctx.db, await visiblePassportId(request))),
  );
};
