/**
 * Issue 28: the user form (Create New User, Update User), the profile page (details, sessions, change
 * password) and the Security Log in Bengali, and the User List's pager in Bengali digits. The English
 * words stay the spec's (their own tests: user-form, user-pages, sessions, security-log).
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UserForm } from "../../src/components/user-form";
import { SECURITY_EVENT_KINDS } from "../../src/contract";
import { changeLanguage } from "../../src/i18n/i18n";
import { LanguageProvider } from "../../src/i18n/LanguageProvider";
import { formatterFor } from "../../src/i18n/useFormat";
import bengali from "../../src/i18n/locales/bn";
import english from "../../src/i18n/locales/en";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";
import { storedUser } from "./support/users";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const bn = formatterFor("bn");


/** Latin letters left in a piece of the screen, but for the data the test gave it. */
const englishWords = (element: HTMLElement, data: string[]) =>
  data.reduce((text, value) => text.split(value).join(" "), element.textContent ?? "").match(/[A-Za-z]{2,}/g) ?? [];

describe("the user form in Bengali", () => {
  it("names its fields, buttons and files in Bengali and says what is wrong in Bengali", async () => {
    await changeLanguage("bn");
    render(
      <App>
        <UserForm mode="create" submitting={false} onSubmit={vi.fn()} />
      </App>,
      { wrapper: LanguageProvider },
    );
    const form = screen.getByRole("form", { name: "নতুন ব্যবহারকারী তৈরি করুন" });
    for (const label of ["ইউজারনেম", "যোগাযোগ নম্বর", "ইমেইল", "পাসওয়ার্ড", "ঠিকানা", "জরুরি যোগাযোগ নম্বর", "এনআইডি নম্বর", "পাসপোর্ট নম্বর", "ভূমিকা"]) {
      expect(within(form).getByLabelText(label)).toBeTruthy();
    }
    expect(within(form).getByRole("button", { name: /পাসপোর্ট ফাইল বেছে নিন/ })).toBeTruthy();
    expect(within(form).getByRole("button", { name: /এনআইডি ফাইল বেছে নিন/ })).toBeTruthy();
    expect(within(form).getByText("ভূমিকা বেছে নিন")).toBeTruthy();

    await userEvent.click(within(form).getByRole("button", { name: "ব্যবহারকারী তৈরি করুন" }));
    expect(await within(form).findByText("ইউজারনেম আবশ্যক")).toBeTruthy();
    for (const message of ["সঠিক ইমেইল ঠিকানা লিখুন", "পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে", "ঠিকানা আবশ্যক", "এনআইডি নম্বর আবশ্যক", "এজেন্টের ভূমিকা আবশ্যক"]) {
      expect(within(form).getByText(message)).toBeTruthy();
    }
    expect(englishWords(form, [])).toEqual([]);
  });

  it("in edit mode: the stored file, its preview and the role by its name", async () => {
    await changeLanguage("bn");
    render(
      <App>
        <UserForm mode="edit" user={storedUser} submitting={false} onSubmit={vi.fn()} onDelete={vi.fn()} />
      </App>,
      { wrapper: LanguageProvider },
    );
    const form = screen.getByRole("form", { name: "ব্যবহারকারী হালনাগাদ করুন" });
    expect(within(form).getByText("সংরক্ষিত: nid.png")).toBeTruthy();
    expect(within(form).getByText("এজেন্ট")).toBeTruthy();
    expect(within(form).getByRole("button", { name: "ব্যবহারকারী হালনাগাদ করুন" })).toBeTruthy();
    expect(within(form).getByRole("button", { name: "ব্যবহারকারী মুছুন" })).toBeTruthy();
    // The accessible name starts with the visible text (axe's label-content-name-mismatch).
    await userEvent.click(within(form).getByRole("button", { name: "প্রিভিউ এনআইডি ফাইল" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("এনআইডি ফাইল")).toBeTruthy();
    expect(within(dialog).getByText("ডাউনলোড nid.png")).toBeTruthy();
    expect(englishWords(form, ["rahim@example.com", "rahim", "Dhaka", "EB1234567", "nid.png"])).toEqual([]);
  });
});

describe("the Update User page in Bengali", () => {
  it("asks before deleting, in Bengali", async () => {
    await changeLanguage("bn");
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    stubApi(() => ({ body: envelope(storedUser) }));
    renderApp("/dashboard/super-admin/12/update-user");
    const form = await screen.findByRole("form", { name: "ব্যবহারকারী হালনাগাদ করুন" });
    await userEvent.click(within(form).getByRole("button", { name: "ব্যবহারকারী মুছুন" }));
    expect(await screen.findByText("ব্যবহারকারী rahim মুছে ফেলা হবে।")).toBeTruthy();
    expect(screen.getByText("এটি আর ফেরানো যাবে না!")).toBeTruthy();
    expect(screen.getByRole("button", { name: "হ্যাঁ, মুছে ফেলুন!" })).toBeTruthy();
  });
});

describe("the User List's pager in Bengali", () => {
  const users = Array.from({ length: 10 }, (_, i) => ({ ...storedUser, id: 100 + i, username: `user${i}` }));
  const pages = () => [...document.querySelectorAll(".ant-pagination-item")].map((item) => item.textContent);

  it("numbers the pages in Bengali digits, with no page size to change", async () => {
    await changeLanguage("bn");
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    stubApi(() => ({ body: envelope({ content: users, totalElements: 25 }) }));
    renderApp("/dashboard/super-admin/user-list");
    await screen.findByText("user0");
    await waitFor(() => expect(pages()).toEqual(["১", "২", "৩"]));
    expect(document.querySelector(".ant-pagination-options-size-changer")).toBeNull();
  });

  it("and in Latin digits in English", async () => {
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    stubApi(() => ({ body: envelope({ content: users, totalElements: 25 }) }));
    renderApp("/dashboard/super-admin/user-list");
    await screen.findByText("user0");
    await waitFor(() => expect(pages()).toEqual(["1", "2", "3"]));
    expect(document.querySelector(".ant-pagination-options-size-changer")).toBeNull();
  });
});

describe("the profile page in Bengali", () => {
  const here = { id: "s-here", createdAt: "2025-03-01T08:00:00.000Z", lastUsedAt: "2025-03-01T09:30:00.000Z", ipAddress: "10.0.0.5", browser: "Chrome 126 on Windows", current: true };
  const phone = { id: "s-phone", createdAt: "2025-02-28T18:00:00.000Z", lastUsedAt: "2025-03-01T07:00:00.000Z", ipAddress: "10.0.0.9", browser: "Safari 17 on iOS", current: false };

  it("shows the details, the sessions with Bengali dates and the change-password form in Bengali", async () => {
    await changeLanguage("bn");
    signInAs(3, "karim", ["AGENT"]);
    stubApi((config) => {
      if (config.url === "/auth/get-user/3") return { body: envelope({ ...storedUser, id: 3, username: "karim" }) };
      if (config.url === "/auth/sessions") return { body: envelope([here, phone]) };
      return { body: envelope(null) };
    });
    renderApp("/profile");
    const sessions = (await screen.findByText("আপনি যেখানে সাইন ইন করে আছেন")).closest(".ant-card") as HTMLElement;
    for (const header of ["ব্রাউজার", "আইপি ঠিকানা", "সাইন ইন করেছেন", "সর্বশেষ ব্যবহার", "কার্যক্রম"]) {
      expect(within(sessions).getByRole("columnheader", { name: header })).toBeTruthy();
    }
    const hereRow = (await within(sessions).findByText("Chrome 126 on Windows")).closest("tr")!;
    expect(within(hereRow).getByText("এই ব্রাউজার")).toBeTruthy();
    expect(within(hereRow).getByText(bn.dateTime(here.createdAt))).toBeTruthy();
    expect(bn.dateTime(here.createdAt)).toMatch(/^[০-৯/: ]+$/);
    const phoneRow = within(sessions).getByText("Safari 17 on iOS").closest("tr")!;
    expect(within(phoneRow).getByRole("button", { name: `সাইন আউট Safari 17 on iOS, সাইন ইন ${bn.dateTime(phone.createdAt)}` })).toBeTruthy();
    expect(within(sessions).getByRole("button", { name: "অন্য সব জায়গা থেকে সাইন আউট" })).toBeTruthy();

    const details = (await screen.findByText("ইউজারনেম")).closest(".ant-card") as HTMLElement;
    await within(details).findByText("karim");
    for (const label of ["ইমেইল", "যোগাযোগ নম্বর", "ঠিকানা", "ভূমিকা"]) expect(within(details).getByText(label)).toBeTruthy();
    expect(within(details).getByText("এজেন্ট")).toBeTruthy();

    const password = screen.getByText("পাসওয়ার্ড পরিবর্তন করুন", { selector: ".ant-card-head-title" }).closest(".ant-card") as HTMLElement;
    await userEvent.type(within(password).getByLabelText("বর্তমান পাসওয়ার্ড"), "secret1");
    await userEvent.type(within(password).getByLabelText("নতুন পাসওয়ার্ড"), "secret22");
    await userEvent.type(within(password).getByLabelText("নতুন পাসওয়ার্ড আবার লিখুন"), "secret23");
    await userEvent.click(within(password).getByRole("button", { name: "পাসওয়ার্ড পরিবর্তন করুন" }));
    expect(await within(password).findByText("নতুন পাসওয়ার্ড দুটি মেলেনি")).toBeTruthy();
    expect(englishWords(password, [])).toEqual([]);
  });
});

describe("the Security Log in Bengali", () => {
  const events = [
    { id: 9, at: "2025-03-01T09:00:00.000Z", kind: "ACCOUNT_DISABLED", userId: 12, username: "rahim", actorUsername: "superadmin", ipAddress: "10.0.0.2", browser: "Chrome 126 on Windows", details: "2 sessions ended" },
  ];

  it("names every event kind in both languages, English as the contract's label", () => {
    const names = (catalog: typeof english, kind: string) => ((catalog.securityLog as Record<string, Record<string, string>>).events ?? {})[kind];
    for (const { kind, label } of SECURITY_EVENT_KINDS) {
      expect(names(english, kind), kind).toBe(label);
      expect(names(bengali, kind), kind).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it("shows its heading, columns, filters, events and dates in Bengali", async () => {
    await changeLanguage("bn");
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    stubApi(() => ({ body: envelope({ content: events, totalElements: 23 }) }));
    renderApp("/dashboard/super-admin/security-log");
    const row = (await screen.findByText("অ্যাকাউন্ট বন্ধ")).closest("tr")!;
    expect(screen.getByRole("heading", { name: "নিরাপত্তা লগ", level: 3 })).toBeTruthy();
    for (const header of ["সময়", "ঘটনা", "ব্যবহারকারী", "যিনি করেছেন", "আইপি ঠিকানা", "ব্রাউজার", "বিস্তারিত"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeTruthy();
    }
    expect(within(row).getByText(bn.dateTime(events[0].at))).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "ইউজারনেম দিয়ে ফিল্টার" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "ঘটনা দিয়ে ফিল্টার" })).toBeTruthy();
    expect(screen.getByText("সব ঘটনা")).toBeTruthy();
    expect([...document.querySelectorAll(".ant-pagination-item")].map((item) => item.textContent)).toEqual(["১", "২", "৩"]);
  });
});
