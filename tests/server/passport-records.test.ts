import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DOCUMENT_KINDS, MSG, todayYmd } from "../../src/contract";
import { createSlot, insertPassport, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { fakePdfPart, jpegPart, multipart, pdfPart, pngPart, tinyJpeg, tinyPdf, tinyPng, type UploadPart } from "./uploads";

const MAX_UPLOAD = 64 * 1024;
const REPLY_KEYS = DOCUMENT_KINDS.map((k) => k.replyKey).sort();

/** A date `years` years before today, YYYY-MM-DD. */
function yearsAgo(years: number, plusDays = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + plusDays);
  return todayYmd(d);
}

describe.each(DIALECTS)("passport records on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agentA: TestUser;
  let agentB: TestUser;
  let slot: { id: number; slotName: string };
  let otherSlot: { id: number; slotName: string };

  beforeAll(async () => {
    t = await createTestApp(dialect, { maxUploadBytes: MAX_UPLOAD });
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    agentA = await createUser(t, "agentA", ["AGENT"]);
    agentB = await createUser(t, "agentB", ["AGENT"]);
    slot = await createSlot(t, "Slot-A");
    otherSlot = await createSlot(t, "Slot-B");
  });
  afterAll(() => t.close());

  const send = async (user: TestUser, method: "POST" | "PUT", url: string, data: unknown, files: Record<string, UploadPart | UploadPart[]> = {}) => {
    const body = await multipart(data, files);
    return call(t, user, { method, url, payload: body.payload, headers: body.headers });
  };
  const add = (data: unknown, files: Record<string, UploadPart | UploadPart[]> = {}, user = admin) => send(user, "POST", "/api/passport/add", data, files);
  const update = (id: number, data: unknown, files: Record<string, UploadPart | UploadPart[]> = {}, user = admin) =>
    send(user, "PUT", `/api/passport/${id}/update`, data, files);
  const attachments = (id: number, user: TestUser = admin) => call(t, user, { method: "GET", url: `/api/passport/${id}/get-attachments` });
  // A passport number is unique among passports that are not REJECTED: each add gets its own.
  let numbers = 0;
  const data = (overrides: Record<string, unknown> = {}) => ({
    ...validPassportData(agentA.id, slot.slotName),
    passportNo: `EC${String(++numbers).padStart(7, "0")}`,
    ...overrides,
  });

  const counts = async () => {
    const n = async (table: "passports" | "passport_documents" | "passport_events") =>
      Number((await t.db.selectFrom(table).select(t.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    return { passports: await n("passports"), documents: await n("passport_documents"), events: await n("passport_events") };
  };
  const events = (passportId: number) =>
    t.db.selectFrom("passport_events").select(["kind", "field", "old_value", "new_value", "user_id"]).where("passport_id", "=", passportId).orderBy("id").execute();

  describe("add", () => {
    it("stores a PENDING passport, whatever status the client sends, with the agent's name and the caller as admin", async () => {
      const res = await add(data({ isSuperAdminApproved: "APPROVED", agentName: "someone else", passportNo: "EB1234567" }));
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: "Passport Added Successfully", errorMessage: null });
      expect(body.replyMessage).toMatchObject({
        fullName: "Mohammad Rahim Uddin",
        passportNo: "EB1234567",
        fathersName: "Abdul Karim",
        mothersName: "Rahima Begum",
        schooling: "HSC",
        maritalStatus: "Married",
        telephone: "01712345678",
        agentId: agentA.id,
        agentName: "agentA",
        adminId: admin.id,
        contractAmount: 450000,
        passportIssueDate: "2023-03-01",
        passportExpireDate: "2033-02-28",
        dob: "1994-07-15",
        visaType: "WORKVISA",
        slot: "Slot-A",
        isSuperAdminApproved: "PENDING",
        commentByAdmin: null,
        isWorkPermitApproved: false,
        isFlightScheduled: false,
        visaRemainingDays: null,
      });
      expect(body.replyMessage.age).toBeGreaterThanOrEqual(30);
      const stored = await t.db.selectFrom("passports").selectAll().where("id", "=", body.replyMessage.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: "PENDING", agent_name: "agentA", admin_id: admin.id, slot_id: slot.id });
      const trail = await events(body.replyMessage.id);
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ kind: "CREATE", user_id: admin.id });
      expect(JSON.parse(trail[0].new_value!)).toMatchObject({ full_name: "Mohammad Rahim Uddin", status: "PENDING", slot: "Slot-A" });
    });

    it("lets a super admin add (the Pending screen's create modal) and finds the slot whatever its case", async () => {
      const res = await add(data({ slot: "slot-b" }), {}, superAdmin);
      expect(res.statusCode).toBe(201);
      expect(res.json().replyMessage).toMatchObject({ adminId: superAdmin.id, slot: "Slot-B" });
    });

    it("refuses agents (403) and anonymous callers (401), storing nothing", async () => {
      const before = await counts();
      expect((await add(data(), {}, agentA)).statusCode).toBe(403);
      const body = await multipart(data());
      expect((await call(t, undefined, { method: "POST", url: "/api/passport/add", ...body })).statusCode).toBe(401);
      expect(await counts()).toEqual(before);
    });

    const invalid: [field: string, value: unknown, message: string][] = [
      ["fullName", "Al", MSG.fullName],
      ["fullName", undefined, MSG.fullName],
      ["passportNo", "E1", MSG.passportNo],
      ["fathersName", "Ab", MSG.fathersName],
      ["mothersName", "  Ra  ", MSG.mothersName],
      ["schooling", "", MSG.schooling],
      ["maritalStatus", "Engaged", MSG.required],
      ["telephone", "017123456", MSG.telephone],
      ["agentId", "", MSG.agentId],
      ["agentId", undefined, MSG.agentId],
      ["contractAmount", "0", MSG.contractAmount],
      ["contractAmount", "abc", MSG.contractAmount],
      ["contractAmount", "12.5", MSG.contractAmount],
      ["passportIssueDate", "2023-02-30", MSG.passportIssueDate],
      ["passportExpireDate", "28/02/2033", MSG.passportExpireDate],
      ["visaType", "TOURISTVISA", MSG.required],
      ["dob", undefined, MSG.dobRequired],
      ["dob", "", MSG.dobRequired],
      ["dob", yearsAgo(17), MSG.dobAge],
      ["dob", yearsAgo(18, 1), MSG.dobAge],
      ["slot", "", MSG.slot],
    ];
    it.each(invalid)("refuses %s = %j with %j and stores nothing", async (field, value, message) => {
      const before = await counts();
      const res = await add(data({ [field]: value }), { educational: pdfPart() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, replyMessage: null, errorMessage: message, errors: { [field]: message } });
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(await counts()).toEqual(before);
    });

    it("accepts an applicant who turned 18 today", async () => {
      expect((await add(data({ dob: yearsAgo(18) }))).statusCode).toBe(201);
    });

    it("answers every invalid field at once", async () => {
      const res = await add({});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        fullName: MSG.fullName,
        passportNo: MSG.passportNo,
        fathersName: MSG.fathersName,
        mothersName: MSG.mothersName,
        schooling: MSG.schooling,
        maritalStatus: MSG.required,
        telephone: MSG.telephone,
        agentId: MSG.agentId,
        contractAmount: MSG.contractAmount,
        passportIssueDate: MSG.passportIssueDate,
        passportExpireDate: MSG.passportExpireDate,
        visaType: MSG.required,
        dob: MSG.dobRequired,
        slot: MSG.slot,
      });
    });

    it.each([
      ["an unknown user", () => 999_999],
      ["a user who is not an agent", () => admin.id],
      ["a malformed id", () => "12-agentA"],
    ])("refuses %s as agent with 400 Agent is required", async (_what, agentId) => {
      const before = await counts();
      const res = await add(data({ agentId: String(agentId()) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { agentId: MSG.agentId } });
      expect(await counts()).toEqual(before);
    });

    it("refuses an unknown slot with 400 Slot is required", async () => {
      const before = await counts();
      const res = await add(data({ slot: "No-Such-Slot" }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorMessage: MSG.slot, errors: { slot: MSG.slot } });
      expect(await counts()).toEqual(before);
    });

    it("refuses a request without the data part, or with data that is not JSON", async () => {
      const before = await counts();
      expect((await add(undefined, { educational: pdfPart() })).statusCode).toBe(400);
      expect((await add("{not json")).statusCode).toBe(400);
      expect((await call(t, admin, { method: "POST", url: "/api/passport/add", payload: data() })).statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });
  });

  describe("uploads", () => {
    it("stores a real PDF, PNG and JPEG and answers them byte for byte from get-attachments", async () => {
      const res = await add(data(), {
        educational: pdfPart("certificate.pdf"),
        recentPic: pngPart("photo.png"),
        passport: jpegPart("passport.jpg"),
        nid: { bytes: tinyPdf("nid"), fileName: "nid.pdf", contentType: "application/octet-stream" },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().replyMessage.id;

      const got = await attachments(id);
      expect(got.statusCode).toBe(200);
      const files = got.json().replyMessage;
      expect(Object.keys(files).sort()).toEqual(REPLY_KEYS);
      expect(files.educationalCertificatePDF).toEqual({ contentType: "application/pdf", fileName: "certificate.pdf", data: tinyPdf().toString("base64") });
      expect(files.recentPicWithWhiteBackgroundPDF).toEqual({ contentType: "image/png", fileName: "photo.png", data: tinyPng().toString("base64") });
      expect(files.passportPDF).toEqual({ contentType: "image/jpeg", fileName: "passport.jpg", data: tinyJpeg().toString("base64") });
      // The stored type is the sniffed one, not the one the client claimed.
      expect(files.nidPDF).toEqual({ contentType: "application/pdf", fileName: "nid.pdf", data: tinyPdf("nid").toString("base64") });
      for (const key of ["policeClearencePDF", "utilityBillPDF", "bankStatementPDF", "experienceLetterPDF"]) expect(files[key]).toBeNull();
      expect(Buffer.from(files.recentPicWithWhiteBackgroundPDF.data, "base64").equals(tinyPng())).toBe(true);

      const trail = await events(id);
      expect(trail.map((e) => [e.kind, e.field])).toEqual([
        ["CREATE", null],
        ["DOCUMENT", "educational"],
        ["DOCUMENT", "recentPic"],
        ["DOCUMENT", "passport"],
        ["DOCUMENT", "nid"],
      ]);
      expect(trail[1].old_value).toBeNull();
      expect(JSON.parse(trail[1].new_value!)).toMatchObject({ fileName: "certificate.pdf", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    });

    it("treats an empty file input as no file", async () => {
      const res = await add(data(), { educational: { bytes: Buffer.alloc(0), fileName: "", contentType: "application/octet-stream" } });
      expect(res.statusCode).toBe(201);
      const files = (await attachments(res.json().replyMessage.id)).json().replyMessage;
      expect(Object.values(files).every((f) => f === null)).toBe(true);
    });

    const tooLarge = "File too large: at most 64 KB per file";
    const refused: [what: string, status: number, files: () => Record<string, UploadPart | UploadPart[]>, field: string, fieldMessage: string, errorMessage: string][] = [
      [
        "text named .pdf",
        415,
        () => ({ educational: pdfPart(), bankStatement: fakePdfPart("statement.pdf") }),
        "bankStatement",
        MSG.unsupportedFileType,
        'Unsupported file type: "statement.pdf" (bankStatement) must be a PDF, PNG or JPEG file, but its content is none of these',
      ],
      [
        "a PDF as the photo",
        415,
        () => ({ recentPic: pdfPart("photo.pdf") }),
        "recentPic",
        MSG.unsupportedFileType,
        'Unsupported file type: "photo.pdf" (recentPic) must be a PNG or JPEG image, but its content is application/pdf',
      ],
      ["a file over the size limit", 413, () => ({ educational: pdfPart("big.pdf", Buffer.concat([tinyPdf(), Buffer.alloc(MAX_UPLOAD + 1, 0x20)])) }), "educational", tooLarge, tooLarge],
      ["two files in one slot", 400, () => ({ utilityBill: [pdfPart("one.pdf"), pdfPart("two.pdf")] }), "utilityBill", MSG.oneFile, MSG.oneFile],
    ];
    it.each(refused)("refuses %s with %i and stores nothing", async (_what, status, files, field, fieldMessage, errorMessage) => {
      const before = await counts();
      const res = await add(data(), files());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ success: false, replyMessage: null, message: null, errorMessage, errors: { [field]: fieldMessage } });
      expect(await counts()).toEqual(before);
    });

    it.each(DOCUMENT_KINDS.map((k) => k.field))("answers the spec's message for fake bytes in %s", async (field) => {
      const res = await add(data(), { [field]: fakePdfPart() });
      expect(res.statusCode).toBe(415);
      expect(res.json().errors).toEqual({ [field]: MSG.unsupportedFileType });
    });

    it("refuses a bad file on update too, changing nothing", async () => {
      const id = (await add(data(), { educational: pdfPart("keep.pdf") })).json().replyMessage.id;
      const before = await counts();
      const res = await update(id, data({ fullName: "Changed Name" }), { educational: fakePdfPart() });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, errorMessage: expect.stringMatching(/^Unsupported file type: .*educational/), errors: { educational: MSG.unsupportedFileType } });
      expect(await counts()).toEqual(before);
      const row = await t.db.selectFrom("passports").select("full_name").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.full_name).toBe("Mohammad Rahim Uddin");
      expect((await attachments(id)).json().replyMessage.educationalCertificatePDF.fileName).toBe("keep.pdf");
    });
  });

  describe("update", () => {
    let id: number;
    let added: Record<string, unknown>;
    /** The data the passport was added with (its number included), changed by `overrides`. */
    const same = (overrides: Record<string, unknown> = {}) => ({ ...added, ...overrides });
    beforeEach(async () => {
      added = data();
      const res = await add(added, { educational: pdfPart("edu.pdf"), recentPic: pngPart("photo.png") });
      id = res.json().replyMessage.id;
    });

    it("changes the fields, keeps unsent documents, status, comments and milestones, and records an EDIT per change", async () => {
      await t.db.updateTable("passports").set({ comment_by_admin: "looks fine", is_work_permit_approved: 1, status: "REVIEWED" }).where("id", "=", id).execute();
      const before = (await attachments(id)).json().replyMessage;

      const res = await update(id, same({ fullName: "Mohammad Karim", agentId: String(agentB.id), slot: otherSlot.slotName, contractAmount: "500000", isSuperAdminApproved: "APPROVED" }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: "Passport updated successfully",
        replyMessage: {
          id,
          fullName: "Mohammad Karim",
          agentId: agentB.id,
          agentName: "agentB",
          adminId: admin.id,
          slot: "Slot-B",
          contractAmount: 500000,
          isSuperAdminApproved: "REVIEWED",
          commentByAdmin: "looks fine",
          isWorkPermitApproved: true,
        },
      });
      expect((await attachments(id)).json().replyMessage).toEqual(before);

      const edits = (await events(id)).filter((e) => e.kind === "EDIT");
      expect(edits.map((e) => [e.field, e.old_value, e.new_value]).sort()).toEqual(
        [
          ["agentId", String(agentA.id), String(agentB.id)],
          ["agentName", "agentA", "agentB"],
          ["contractAmount", "450000", "500000"],
          ["fullName", "Mohammad Rahim Uddin", "Mohammad Karim"],
          ["slot", "Slot-A", "Slot-B"],
        ].sort(),
      );
      expect(edits.every((e) => e.user_id === admin.id)).toBe(true);
    });

    it("replaces only the document sent, and adds a new one, with a DOCUMENT event each", async () => {
      const before = (await attachments(id)).json().replyMessage;
      const newPdf = tinyPdf("second version");
      const res = await update(id, same(), { educational: pdfPart("edu-v2.pdf", newPdf), bankStatement: pdfPart("bank.pdf") });
      expect(res.statusCode).toBe(200);
      const after = (await attachments(id)).json().replyMessage;
      expect(after.educationalCertificatePDF).toEqual({ contentType: "application/pdf", fileName: "edu-v2.pdf", data: newPdf.toString("base64") });
      expect(after.bankStatementPDF).toMatchObject({ fileName: "bank.pdf" });
      expect(after.recentPicWithWhiteBackgroundPDF).toEqual(before.recentPicWithWhiteBackgroundPDF);
      const docs = await t.db.selectFrom("passport_documents").select("kind").where("passport_id", "=", id).execute();
      expect(docs.map((d) => d.kind).sort()).toEqual(["bankStatement", "educational", "recentPic"]);

      const trail = await events(id);
      expect(trail.filter((e) => e.kind === "EDIT")).toEqual([]);
      const replaced = trail.filter((e) => e.kind === "DOCUMENT").slice(-2);
      expect(replaced.map((e) => e.field)).toEqual(["educational", "bankStatement"]);
      expect(JSON.parse(replaced[0].old_value!)).toMatchObject({ fileName: "edu.pdf" });
      expect(JSON.parse(replaced[0].new_value!)).toMatchObject({ fileName: "edu-v2.pdf" });
      expect(replaced[1].old_value).toBeNull();
    });

    it("records nothing for an update that changes nothing", async () => {
      const before = await counts();
      const res = await update(id, same());
      expect(res.statusCode).toBe(200);
      expect(await counts()).toEqual(before);
    });

    it("validates like add, storing nothing", async () => {
      const before = await counts();
      const res = await update(id, same({ dob: yearsAgo(10), slot: "No-Such-Slot" }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ dob: MSG.dobAge });
      const unknownSlot = await update(id, same({ slot: "No-Such-Slot", agentId: String(superAdmin.id) }));
      expect(unknownSlot.json().errors).toEqual({ slot: MSG.slot, agentId: MSG.agentId });
      expect(await counts()).toEqual(before);
    });

    it.each(["APPROVED", "REJECTED"] as const)("refuses a %s passport with 409, changing nothing", async (status) => {
      const final = await insertPassport(t, { agentId: agentA.id, slotId: slot.id, status, fullName: "Final Person" });
      const before = await counts();
      const res = await update(final, data({ fullName: "Edited Person" }), { educational: pdfPart() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, errorMessage: expect.stringContaining(`Passport is ${status}`) });
      expect(await counts()).toEqual(before);
      const row = await t.db.selectFrom("passports").select("full_name").where("id", "=", final).executeTakeFirstOrThrow();
      expect(row.full_name).toBe("Final Person");
    });

    it("answers 404 for an unknown passport and 400 for a malformed id", async () => {
      expect((await update(999_999, data())).statusCode).toBe(404);
      expect((await update("abc" as unknown as number, data())).statusCode).toBe(400);
      expect((await update(99_999_999_999, data())).statusCode).toBe(400);
    });

    it("is for admins only (docs/access.md)", async () => {
      expect((await update(id, same(), {}, superAdmin)).statusCode).toBe(403);
      expect((await update(id, same(), {}, agentA)).statusCode).toBe(403);
    });
  });

  describe("the passport number and the passport's validity (docs/access.md)", () => {
    const taken = { success: false, replyMessage: null, message: null, errorMessage: MSG.passportNoTaken, errors: { passportNo: MSG.passportNoTaken } };

    it("refuses a second passport with a number in use, whatever its case, with 409 under the field", async () => {
      const first = await add(data({ passportNo: "EF1111111" }));
      expect(first.statusCode).toBe(201);
      const before = await counts();
      const again = await add(data({ passportNo: "ef1111111" }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(taken);
      expect(await counts()).toEqual(before);
    });

    it("frees the number of a REJECTED passport", async () => {
      await insertPassport(t, { agentId: agentA.id, slotId: slot.id, status: "REJECTED", passportNo: "EF2222222" });
      const res = await add(data({ passportNo: "EF2222222" }));
      expect(res.statusCode).toBe(201);
      expect(res.json().replyMessage.passportNo).toBe("EF2222222");
    });

    it("refuses an edit to a number another passport holds, and accepts the passport's own", async () => {
      await add(data({ passportNo: "EF3333333" }));
      const mine = data({ passportNo: "EF4444444" });
      const id = (await add(mine)).json().replyMessage.id;
      const before = await counts();
      const res = await update(id, { ...mine, passportNo: "EF3333333" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(taken);
      expect(await counts()).toEqual(before);
      expect((await update(id, { ...mine, fullName: "Mohammad Karim" })).statusCode).toBe(200);
    });

    it("lets only one of two adds at the same time have the number", async () => {
      const results = await Promise.all([1, 2].map(() => add(data({ passportNo: "EF5555555" }))));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json()).toEqual(taken);
    });

    it("refuses an expiry date on or before the issue date with 400 under the field", async () => {
      const before = await counts();
      for (const passportExpireDate of ["2023-03-01", "2020-01-01"]) {
        const res = await add(data({ passportIssueDate: "2023-03-01", passportExpireDate }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ passportExpireDate: MSG.passportExpiryAfterIssue });
      }
      expect(await counts()).toEqual(before);
    });
  });

  describe("get-attachments", () => {
    it("answers all eight keys as null for a passport without documents", async () => {
      const id = await insertPassport(t, { agentId: agentA.id, slotId: slot.id });
      const res = await attachments(id);
      expect(res.json()).toEqual({ success: true, replyMessage: Object.fromEntries(REPLY_KEYS.map((k) => [k, null])), message: null, errorMessage: null });
    });

    it("lets an agent read their own passport's files only; admins and super admins any", async () => {
      const id = await insertPassport(t, { agentId: agentA.id, slotId: slot.id });
      expect((await attachments(id, agentA)).statusCode).toBe(200);
      const other = await attachments(id, agentB);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ success: false, replyMessage: null });
      expect((await attachments(id, superAdmin)).statusCode).toBe(200);
    });

    it("answers 404 for an unknown passport and 400 for an id beyond the id range", async () => {
      expect((await attachments(99_999_999_999)).statusCode).toBe(400);
      const res = await attachments(999_999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorMessage: "Passport not found" });
    });
  });
});
