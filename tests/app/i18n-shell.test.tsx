/**
 * Issue 28: the signed-in frame in Bengali (the product's name atop the menu, the menu's and user
 * menu's names, the role's name, the language switch saved to the account at once), the §8 toasts and
 * the session's end notice in Bengali; and in English, every text as before, word for word.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AxiosError, InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionEndedMessage, SESSION_END_REASONS } from "../../src/contract";
import { loadAntdLocale } from "../../src/i18n/antd-locale";
import { changeLanguage } from "../../src/i18n/i18n";
import { http, sessionStore } from "../../src/providers";
import { errorText, toApiError, transportError } from "../../src/providers/http-errors";
import { endNoticeText } from "../../src/session/end-notice";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";

const emptyPage = () => ({ body: envelope({ content: [], totalElements: 0 }) });
const LIMITS = { idleSeconds: 1800, maxAgeSeconds: 43_200 };

describe("the signed-in frame in Bengali (issue 28)", () => {
  beforeEach(() => {
    window.innerWidth = 1280; // the sidebar, not the slide-in menu
  });
  afterEach(resetSession);

  it("names the product, the menus and the role in Bengali, and saves a switch to English to the account", async () => {
    await changeLanguage("bn");
    const calls = stubApi((config) => (config.url === "/auth/language" ? { body: envelope({ language: "en" }) } : emptyPage()));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/pending");

    expect(await screen.findByRole("navigation", { name: "প্রধান মেনু" })).toBeTruthy();
    expect(screen.getByTestId("brand").textContent).toBe("পাসপোর্ট ব্যাক অফিস");
    expect(screen.getByTestId("user-role").textContent).toBe("অ্যাডমিন");
    // WCAG 2.5.3: the button's name starts with what it shows.
    const button = screen.getByRole("button", { name: "admin অ্যাডমিন, ব্যবহারকারী মেনু" });
    expect(screen.getByRole("complementary", { name: "সাইডবার" })).toBeTruthy();

    await userEvent.click(button);
    expect(await screen.findByText("সাইন আউট")).toBeTruthy();
    const languages = await screen.findByRole("group", { name: "ভাষা" });
    expect(within(languages).getByRole("button", { name: "বাংলা" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(within(languages).getByRole("button", { name: "English" }));

    await waitFor(() => expect(screen.getByTestId("brand").textContent).toBe("Passport Back Office"));
    expect(screen.getByTestId("user-role").textContent).toBe("ADMIN");
    expect(screen.getByRole("button", { name: "admin ADMIN, User menu" })).toBeTruthy();
    const saved = calls.find((c) => c.url === "/auth/language");
    expect(saved?.method).toBe("put");
    expect(JSON.parse(saved?.data as string)).toEqual({ language: "en" });
  });

  // jsdom does not close antd's dropdown on Tab as browsers do (UserMenu's tabWithinPopup keeps it open
  // there): this checks the order only.
  it("puts the language switch after the menu in the popup's tab order", async () => {
    stubApi(emptyPage);
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/pending");
    const button = await screen.findByRole("button", { name: "admin ADMIN, User menu" });
    button.focus();
    await userEvent.keyboard("{Enter}");
    const languages = await screen.findByRole("group", { name: "Language" });
    const bangla = within(languages).getByRole("button", { name: "বাংলা" });
    for (let i = 0; i < 4 && document.activeElement !== bangla; i++) await userEvent.tab();
    expect(document.activeElement).toBe(bangla);
    await userEvent.tab();
    expect(document.activeElement).toBe(within(languages).getByRole("button", { name: "English" }));
  });

  it("asks before signing out in Bengali", async () => {
    await changeLanguage("bn");
    stubApi(emptyPage);
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/pending");
    await userEvent.click(await screen.findByRole("button", { name: /ব্যবহারকারী মেনু$/ }));
    await userEvent.click(await screen.findByText("সাইন আউট", { selector: ".ant-dropdown-menu-title-content" }));
    const question = await screen.findByRole("dialog");
    expect(within(question).getAllByText("আপনি কি নিশ্চিত যে সাইন আউট করতে চান?").length).toBeGreaterThan(0);
    expect(within(question).getByRole("button", { name: "না" })).toBeTruthy();
  });

  it("says a network failure (spec §8) in Bengali", async () => {
    await changeLanguage("bn");
    signInAs(2, "admin", ["ADMIN"]);
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      throw Object.assign(new Error("Network Error"), { isAxiosError: true, code: "ERR_NETWORK", config }) as AxiosError;
    };
    renderApp("/dashboard/admin/pending");
    const region = await screen.findByRole("region", { name: "বিজ্ঞপ্তি" });
    expect(await within(region).findByText("নেটওয়ার্ক ত্রুটি")).toBeTruthy();
    expect(within(region).getByText("সার্ভারে পৌঁছানো যায়নি। আপনার সংযোগ পরীক্ষা করে আবার চেষ্টা করুন। (FETCH_ERROR)")).toBeTruthy();
  });

  it("shows why the last session ended in Bengali on the sign-in page", async () => {
    await changeLanguage("bn");
    stubApi(emptyPage);
    sessionStore.end("refresh-failed", sessionEndedMessage("idle", LIMITS));
    renderApp("/signin");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "৩০ মিনিট কোনো কার্যক্রম না থাকায় আপনার সেশন শেষ হয়েছে। অনুগ্রহ করে আবার সাইন ইন করুন।",
    );
  });

  it("keeps a username typed on the sign-in page through a switch to Bengali and back, antd's texts included", async () => {
    stubApi(emptyPage);
    renderApp("/signin");
    const username = () => screen.getByRole("textbox") as HTMLInputElement;
    await userEvent.type(await screen.findByLabelText("Username"), "agent2");
    await userEvent.click(screen.getByRole("button", { name: "বাংলা" }));
    await screen.findByLabelText("ইউজারনেম");
    await loadAntdLocale("bn"); // antd's Bengali texts come after the app's: the screen must not start again then
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(username().value).toBe("agent2");
    await userEvent.click(screen.getByRole("button", { name: "English" }));
    await screen.findByLabelText("Username");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(username().value).toBe("agent2");
  });
});

describe("messages the app shows from English (issue 28)", () => {
  it("says every session-end notice as the server does in English, and in Bengali otherwise", async () => {
    for (const reason of [...SESSION_END_REASONS, null]) {
      const notice = sessionEndedMessage(reason, LIMITS);
      expect(endNoticeText(notice), String(reason)).toBe(notice);
    }
    expect(endNoticeText("Something else")).toBe("Something else");
    await changeLanguage("bn");
    for (const reason of [...SESSION_END_REASONS, null]) {
      expect(endNoticeText(sessionEndedMessage(reason, LIMITS)), String(reason)).toMatch(/[\u0980-\u09FF]/);
    }
    expect(endNoticeText(sessionEndedMessage("max-age", LIMITS))).toContain("১২ ঘণ্টা");
    expect(endNoticeText(sessionEndedMessage("idle", { idleSeconds: 60, maxAgeSeconds: 60 }))).toContain("১ মিনিট");
  });

  it("carries the server's errorCode and shows its text in the user's language", async () => {
    const reply = { success: false, replyMessage: null, message: null, errorMessage: "Passport not found", errorCode: "passportNotFound" };
    const error = toApiError({ isAxiosError: true, response: { status: 404, data: reply } });
    expect(error.errorCode).toBe("passportNotFound");
    expect(errorText(error)).toBe("Passport not found");
    expect(errorText(transportError("TIMEOUT_ERROR"))).toBe("The server took too long to answer. Please try again.");
    await changeLanguage("bn");
    expect(errorText(error)).toBe("পাসপোর্টটি পাওয়া যায়নি");
    expect(errorText("The request was cancelled.")).toBe("অনুরোধটি বাতিল করা হয়েছে।");
    expect(errorText("Some message of the server")).toBe("Some message of the server");
  });
});
