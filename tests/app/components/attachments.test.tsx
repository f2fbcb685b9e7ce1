import { render as renderPlain, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { LanguageProvider } from "../../../src/i18n/LanguageProvider";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AttachmentsModal } from "../../../src/components/attachments";
import type { AttachmentFile } from "../../../src/contract";
import { fakePassport } from "../support/passports";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi } from "../support/render-app";

// The texts come from react-i18next, as under the app.
const render = (ui: ReactElement) => renderPlain(ui, { wrapper: LanguageProvider });

const b64 = (text: string) => btoa(text);
const file = (contentType: string, fileName: string, data = b64("content")): AttachmentFile => ({ contentType, fileName, data });

// jsdom has no Blob URLs; stand in for them and check the component creates one per file.
const created: Blob[] = [];
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:test/${created.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

function dialog() {
  return screen.getByRole("dialog");
}

describe("AttachmentsModal", () => {
  it('is titled "Attachments" and shows a skeleton while loading', () => {
    render(<AttachmentsModal open loading onClose={() => {}} attachments={null} />);
    expect(within(dialog()).getByText("Attachments")).toBeTruthy();
    expect(dialog().querySelector(".ant-skeleton")).not.toBeNull();
    expect(within(dialog()).queryByText("No Attachments Available")).toBeNull();
  });

  it('shows "No Attachments Available" when there is nothing with data', () => {
    render(
      <AttachmentsModal
        open
        loading={false}
        onClose={() => {}}
        attachments={{ passportPDF: null, nidPDF: file("application/pdf", "nid.pdf", "") }}
      />,
    );
    expect(within(dialog()).getByText("No Attachments Available")).toBeTruthy();
    expect(dialog().querySelector(".ant-skeleton")).toBeNull();
  });

  it("shows images with a download link, PDFs in a frame with their name, other types as a link; skips empty ones", () => {
    render(
      <AttachmentsModal
        open
        loading={false}
        onClose={() => {}}
        attachments={{
          recentPicWithWhiteBackgroundPDF: file("image/png", "photo.png"),
          passportPDF: file("application/pdf", "passport.pdf"),
          utilityBillPDF: file("application/msword", "bill.doc"),
          nidPDF: null,
          bankStatementPDF: file("application/pdf", "bank.pdf", ""),
        }}
      />,
    );
    const view = within(dialog());

    const picture = within(view.getByRole("region", { name: "Recent Picture" }));
    const img = picture.getByRole("img", { name: "Recent Picture" }) as HTMLImageElement;
    expect(img.src).toMatch(/^blob:test\//);
    const download = picture.getByRole("link", { name: "Download" });
    expect(download.getAttribute("download")).toBe("photo.png");
    expect(download.getAttribute("href")).toBe(img.getAttribute("src"));

    const passport = within(view.getByRole("region", { name: "Passport" }));
    const frame = passport.getByTitle("passport.pdf");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toMatch(/^blob:test\//);
    expect(passport.getByText("passport.pdf")).toBeTruthy();

    const bill = within(view.getByRole("region", { name: "Utility Bill" }));
    expect(bill.getByRole("link", { name: "bill.doc" }).getAttribute("download")).toBe("bill.doc");
    expect(bill.queryByRole("img")).toBeNull();
    expect(dialog().querySelectorAll("iframe")).toHaveLength(1);

    expect(view.queryByText("NID")).toBeNull();
    expect(view.queryByText("Bank Statement")).toBeNull();
    expect(view.queryByText("No Attachments Available")).toBeNull();

    const blobTypes = created.map((b) => b.type);
    expect(blobTypes).toEqual(expect.arrayContaining(["image/png", "application/pdf", "application/msword"]));
  });

  it('on a phone shows a PDF as its name with an "Open PDF" button and a download link, not an empty frame', () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      render(<AttachmentsModal open loading={false} onClose={() => {}} attachments={{ passportPDF: file("application/pdf", "passport.pdf") }} />);
      const passport = within(within(dialog()).getByRole("region", { name: "Passport" }));
      expect(dialog().querySelectorAll("iframe")).toHaveLength(0);
      expect(passport.getByText("passport.pdf")).toBeTruthy();
      const open = passport.getByRole("link", { name: "Open PDF" });
      expect(open.getAttribute("href")).toMatch(/^blob:test\//);
      expect(open.getAttribute("target")).toBe("_blank");
      expect(passport.getByRole("link", { name: "Download" }).getAttribute("download")).toBe("passport.pdf");
    } finally {
      window.innerWidth = width;
    }
  });

  it("lists the eight documents under their §2 labels, in alphabetical order", () => {
    render(
      <AttachmentsModal
        open
        loading={false}
        onClose={() => {}}
        attachments={{
          educationalCertificatePDF: file("application/pdf", "a.pdf"),
          recentPicWithWhiteBackgroundPDF: file("image/jpeg", "b.jpg"),
          policeClearencePDF: file("application/pdf", "c.pdf"),
          passportPDF: file("application/pdf", "d.pdf"),
          nidPDF: file("application/pdf", "e.pdf"),
          utilityBillPDF: file("application/pdf", "f.pdf"),
          bankStatementPDF: file("application/pdf", "g.pdf"),
          experienceLetterPDF: file("application/pdf", "h.pdf"),
        }}
      />,
    );
    const labels = within(dialog())
      .getAllByRole("region")
      .map((region) => region.getAttribute("aria-label"));
    expect(labels).toEqual([
      "Bank Statement",
      "Educational Certificate",
      "Experience Letter",
      "NID",
      "Passport",
      "Police Clearance",
      "Recent Picture",
      "Utility Bill",
    ]);
  });

  it("renders nothing while closed", () => {
    render(<AttachmentsModal open={false} loading={false} onClose={() => {}} attachments={null} />);
    expect(screen.queryByText("Attachments")).toBeNull();
  });
});

describe("AttachmentsModal: files sent without a content type", () => {
  /** As a backend may send it: no contentType at all, or null. */
  const untyped = (fileName: string, contentType?: null) =>
    ({ fileName, data: b64("content"), ...(contentType === null ? { contentType } : {}) }) as unknown as AttachmentFile;

  it("judges them by the file name's extension, else shows a plain download link", () => {
    created.length = 0;
    render(
      <AttachmentsModal
        open
        loading={false}
        onClose={() => {}}
        attachments={{
          recentPicWithWhiteBackgroundPDF: untyped("photo.JPG"),
          passportPDF: untyped("passport.pdf", null),
          nidPDF: untyped("nid-scan"),
          utilityBillPDF: untyped("bill.docx"),
        }}
      />,
    );
    const view = within(dialog());
    const picture = within(view.getByRole("region", { name: "Recent Picture" }));
    expect(picture.getByRole("img", { name: "Recent Picture" })).toBeTruthy();
    expect(picture.getByRole("link", { name: "Download" }).getAttribute("download")).toBe("photo.JPG");

    const passport = within(view.getByRole("region", { name: "Passport" }));
    expect(passport.getByTitle("passport.pdf").tagName).toBe("IFRAME");

    for (const [label, name] of [["NID", "nid-scan"], ["Utility Bill", "bill.docx"]]) {
      const region = within(view.getByRole("region", { name: label }));
      expect(region.getByRole("link", { name }).getAttribute("download")).toBe(name);
      expect(region.queryByRole("img")).toBeNull();
    }
    expect(dialog().querySelectorAll("iframe")).toHaveLength(1);
    expect(created.map((blob) => blob.type).sort()).toEqual(["application/octet-stream", "application/octet-stream", "application/pdf", "image/jpeg"]);
  });
});

describe("AttachmentsModal: attachments that cannot be loaded", () => {
  it("shows an error with Retry instead of the empty state", async () => {
    const onRetry = vi.fn();
    render(<AttachmentsModal open loading={false} failed onRetry={onRetry} onClose={() => {}} attachments={undefined} />);
    expect(within(dialog()).getByText("Could not load the attachments.")).toBeTruthy();
    expect(within(dialog()).queryByText("No Attachments Available")).toBeNull();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe("View Attachments on a passport list", () => {
  afterEach(() => {
    resetSession();
    vi.restoreAllMocks();
  });

  it("says the attachments could not be loaded when get-attachments fails, and shows them after Retry", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    window.innerWidth = 1280;
    let up = false;
    const calls = stubApi((config) => {
      const path = new URL(config.url!, "http://x").pathname;
      if (path === "/auth/get-all-agents") return { body: envelope([]) };
      if (path === "/api/passport/5/get-attachments") {
        return up ? { body: envelope({ passportPDF: file("application/pdf", "passport.pdf") }) } : { status: 500, body: failure("boom") };
      }
      return { body: envelope({ content: [fakePassport(5)], totalElements: 1 }) };
    });
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/reviewed");
    const row = (await screen.findByText("Worker 5")).closest("tr")!;
    await userEvent.click(within(row).getByRole("button", { name: "View Attachments" }));
    const modal = await screen.findByRole("dialog", { name: "Attachments" });
    expect(await within(modal).findByText("Could not load the attachments.")).toBeTruthy();
    expect(within(modal).queryByText("No Attachments Available")).toBeNull();

    up = true;
    await userEvent.click(within(modal).getByRole("button", { name: "Retry" }));
    expect(await within(modal).findByTitle("passport.pdf")).toBeTruthy();
    expect(within(modal).queryByText("Could not load the attachments.")).toBeNull();
    expect(calls.filter((c) => c.url === "/api/passport/5/get-attachments")).toHaveLength(2);
  });
});
