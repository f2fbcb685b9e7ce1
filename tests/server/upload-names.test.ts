/**
 * Upload file names (issue 11 point 9): stored names are cleaned (no path parts, control, bidi or
 * invisible characters, at most 255 characters, the extension of the detected type), for passport
 * documents and user files alike; a part the server cannot read answers 400 and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanFileName } from "../../server/http/file-names";
import { UNREADABLE_PART } from "../../server/http/multipart";
import { createSlot, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { jpegPart, multipart, pdfPart, pngPart, tinyPdf, type UploadPart } from "./uploads";

describe("cleanFileName", () => {
  const long = "a".repeat(5000);
  it.each<[string | undefined, "application/pdf" | "image/png" | "image/jpeg", string]>([
    ["certificate.pdf", "application/pdf", "certificate.pdf"],
    ["../../etc/passwd.pdf", "application/pdf", "passwd.pdf"],
    ["C:\\Users\\Rahim\\Desktop\\scan.pdf", "application/pdf", "scan.pdf"],
    ["invoice\u202Egpj.exe", "image/png", "invoicegpj.png"],
    ["\u2067photo\u2069\u200B.jpg", "image/jpeg", "photo.jpg"],
    ["a\tb\u0007c\u0085\r\nd.pdf", "application/pdf", "abcd.pdf"],
    ['<img src=x onerror="alert(1)">.pdf', "application/pdf", "_img src=x onerror=_alert(1)__.pdf"],
    ["<script>alert(1)</script>.pdf", "application/pdf", "script_.pdf"],
    ["photo.png", "image/jpeg", "photo.jpg"],
    ["PHOTO.JPEG", "image/jpeg", "PHOTO.jpeg"],
    ["scan", "application/pdf", "scan.pdf"],
    ["Form v2.1 final", "application/pdf", "Form v2.1 final.pdf"],
    ["  .hidden.pdf  ", "application/pdf", "hidden.pdf"],
    ["রহিম উদ্দিন র‍্যাব.pdf", "application/pdf", "রহিম উদ্দিন র‍্যাব.pdf"],
    ["...", "application/pdf", "educational.pdf"],
    [undefined, "image/png", "educational.png"],
    ["\u202E", "image/png", "educational.png"],
    [`${long}.pdf`, "application/pdf", `${"a".repeat(251)}.pdf`],
    [`${"ক".repeat(300)}.jpg`, "image/jpeg", `${"ক".repeat(251)}.jpg`],
  ])("%j holding %s is stored as %j", (raw, type, expected) => {
    expect(cleanFileName(raw, type, "educational")).toBe(expected);
  });

  it("never answers more than 255 characters, and never splits a character", () => {
    const emoji = cleanFileName(`${"😀".repeat(400)}.png`, "image/png", "x");
    expect(Array.from(emoji)).toHaveLength(255);
    expect(emoji.endsWith("😀.png")).toBe(true);
  });
});

/** A multipart body written by hand, for part headers that FormData cannot produce. */
function rawMultipart(parts: { headers: string; body: string | Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----boundary7MA4YWxkTrZu0gW";
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), Buffer.from(part.body), Buffer.from("\r\n"));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)("upload file names on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  let slotName: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    agent = await createUser(t, "agent1", ["AGENT"]);
    slotName = (await createSlot(t, "SLOT-N")).slotName;
  });
  afterAll(() => t.close());

  const passportCount = async () => Number((await t.db.selectFrom("passports").select(t.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const addPassport = async (files: Record<string, UploadPart>, passportNo: string) => {
    const body = await multipart({ ...validPassportData(agent.id, slotName), passportNo }, files);
    return call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers });
  };

  it("stores and answers cleaned names for passport documents", async () => {
    const res = await addPassport(
      {
        educational: pdfPart("../../../etc/certificate\u202Efdp.exe"),
        recentPic: { ...jpegPart(), fileName: "C:\\fakepath\\photo.png" },
        passport: pdfPart(`${"p".repeat(5000)}.pdf`),
        nid: pngPart("<script>x</script>"),
      },
      "EC1000001",
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().replyMessage.id;
    const stored = await t.db.selectFrom("passport_documents").select(["kind", "file_name"]).where("passport_id", "=", id).orderBy("kind").execute();
    expect(stored).toEqual([
      { kind: "educational", file_name: "certificatefdp.pdf" },
      { kind: "nid", file_name: "script_.png" },
      { kind: "passport", file_name: `${"p".repeat(251)}.pdf` },
      { kind: "recentPic", file_name: "photo.jpg" },
    ]);
    const attachments = (await call(t, admin, { method: "GET", url: `/api/passport/${id}/get-attachments` })).json().replyMessage;
    expect(attachments.educationalCertificatePDF.fileName).toBe("certificatefdp.pdf");
    expect(attachments.recentPicWithWhiteBackgroundPDF.fileName).toBe("photo.jpg");
  });

  it("stores cleaned names for a user's files", async () => {
    const user = await createUser(t, "agent_files", ["AGENT"]);
    const data = {
      username: "agent_files", contactNumber: "01712345678", emergencyContactNumber: "01898765432", email: "agent_files@example.com",
      address: "Dhaka", nidNo: "19901234567", passportNo: "EB7654321",
    };
    const body = await multipart(data, { nid: pdfPart("nid\u202Efdp.scr"), passport: pdfPart("/tmp/passport scan") });
    const res = await call(t, superAdmin, { method: "PUT", url: `/auth/update-user/${user.id}`, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(200);
    const files = await t.db.selectFrom("user_files").select(["kind", "file_name"]).where("user_id", "=", user.id).orderBy("kind").execute();
    expect(files).toEqual([
      { kind: "nid", file_name: "nidfdp.pdf" },
      { kind: "passport", file_name: "passport scan.pdf" },
    ]);
  });

  it.each([
    ["a filename* holding CR LF", `Content-Disposition: form-data; name="educational"; filename*=UTF-8''cv%0D%0AX-Evil: 1.pdf`],
    ["a name holding a line feed", `Content-Disposition: form-data; name="edu%0Acational"; filename="cv.pdf"`.replace("%0A", "\n ")],
    ["no Content-Disposition", "Content-Type: application/pdf"],
    ["a disposition other than form-data", `Content-Disposition: attachment; name="educational"; filename="cv.pdf"`],
  ])("answers 400 and stores nothing for a part with %s", async (_what, partHeaders) => {
    const before = await passportCount();
    const body = rawMultipart([
      { headers: 'Content-Disposition: form-data; name="data"', body: JSON.stringify({ ...validPassportData(agent.id, slotName), passportNo: "EC1000002" }) },
      { headers: `${partHeaders}\r\nContent-Type: application/pdf`, body: tinyPdf() },
    ]);
    const res = await call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, replyMessage: null, errorMessage: UNREADABLE_PART });
    expect(await passportCount()).toBe(before);
  });

  it("still accepts the same upload written correctly (control for the cases above)", async () => {
    const body = rawMultipart([
      { headers: 'Content-Disposition: form-data; name="data"', body: JSON.stringify({ ...validPassportData(agent.id, slotName), passportNo: "EC1000003" }) },
      { headers: `Content-Disposition: form-data; name="educational"; filename*=UTF-8''cv%20final.pdf\r\nContent-Type: application/pdf`, body: tinyPdf() },
    ]);
    const res = await call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(201);
    const stored = await t.db.selectFrom("passport_documents").select("file_name").where("passport_id", "=", res.json().replyMessage.id).execute();
    expect(stored).toEqual([{ file_name: "cv final.pdf" }]);
  });
});
