import { render, screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AttachmentsModal } from "../../../src/components/attachments";
import type { AttachmentFile } from "../../../src/contract";

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
