/**
 * Issue 28: the User List and the declared resources' screens in Bengali (the declarations' own
 * `{ en, bn }` texts, the screens' from the locale files), while the server's side of a declaration
 * stays English.
 */
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeLanguage } from "../../src/i18n/i18n";
import { englishText, localText } from "../../src/i18n/local-text";
import { employers } from "../../src/resources/employers";
import { recordSchema } from "../../src/resources/model";
import { textsOf } from "../../src/resources/model/resource";
import { declaredReplies } from "./support/declared";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

describe("a declaration's texts in two languages", () => {
  it("are read in the language asked for; the server's side always reads English", () => {
    expect(localText("Name", "bn")).toBe("Name");
    expect(localText({ en: "Employer", bn: "নিয়োগকর্তা" }, "bn")).toBe("নিয়োগকর্তা");
    expect(localText({ key: "declared.save", en: "Save" }, "bn", () => "সংরক্ষণ করুন")).toBe("সংরক্ষণ করুন");
    expect(localText({ key: "declared.save", en: "Save" }, "en", () => "সংরক্ষণ করুন")).toBe("Save");
    expect(englishText({ en: "Employer", bn: "নিয়োগকর্তা" })).toBe("Employer");

    expect(textsOf(employers).createButton).toBe("Create Employer");
    const checked = recordSchema(employers, "create").safeParse({});
    expect(checked.success ? [] : checked.error.issues.map((i) => i.message)).toContain("Name is required");
  });
});

describe("in Bengali (issue 28)", () => {
  it("the User List's column titles and buttons", async () => {
    await changeLanguage("bn");
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    const users = [{ id: 12, username: "rahim", contactNumber: "01712345678", email: "r@example.com", address: "", roles: [{ name: "ADMIN" }] }];
    stubApi(() => ({ body: envelope({ content: users, totalElements: 1 }) }));
    renderApp("/dashboard/super-admin/user-list");
    const row = (await screen.findByText("rahim")).closest("tr")!;
    for (const header of ["ইউজারনেম", "যোগাযোগ নম্বর", "ইমেইল", "ঠিকানা", "ভূমিকা", "কার্যক্রম"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeTruthy();
    }
    expect(within(row).getByRole("button", { name: "সম্পাদনা rahim" })).toBeTruthy();
    expect(within(row).getByText("অ্যাডমিন")).toBeTruthy();
    // The accessible name starts with the visible text (axe's label-content-name-mismatch).
    expect(screen.getByRole("button", { name: "এক্সপোর্ট" })).toBeTruthy();
    expect((await screen.findAllByText("ব্যবহারকারীর তালিকা")).length).toBeGreaterThan(0);
  });

  it("a declared list's heading, column titles and create button, from its { en, bn } declaration", async () => {
    await changeLanguage("bn");
    signInAs(2, "admin", ["ADMIN"]);
    stubApi(declaredReplies());
    renderApp("/dashboard/admin/employers");
    await screen.findByRole("link", { name: "Doha Works" });
    expect(screen.getByTestId("page-title").textContent).toBe("নিয়োগকর্তা");
    for (const header of ["নাম", "দেশ", "লাইসেন্স নম্বর"]) expect(screen.getAllByRole("columnheader", { name: new RegExp(header) }).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "নিয়োগকর্তা তৈরি করুন" })).toBeTruthy();
  });
});
