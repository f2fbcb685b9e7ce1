/**
 * Issue 28: numbers, money and dates as each language writes them. In Bengali, Bengali digits with
 * lakh grouping and DD/MM/YYYY; identifiers stay in Latin digits; English is as it was.
 */
import { describe, expect, it } from "vitest";
import { latinDigits, localDigits } from "../../src/i18n/digits";
import { changeLanguage, i18n, t } from "../../src/i18n/i18n";
import { translateMessage } from "../../src/i18n/messages";
import { localText } from "../../src/i18n/local-text";
import { formatterFor } from "../../src/i18n/useFormat";
import { i18nProvider } from "../../src/providers/i18n-provider";
import { MSG } from "../../src/contract";

describe("formatting in Bengali", () => {
  const bn = formatterFor("bn");
  const en = formatterFor("en");

  it("writes money with Bengali digits and lakh grouping", () => {
    expect(bn.money(400000)).toBe("৳৪,০০,০০০");
    expect(bn.money(12345678)).toBe("৳১,২৩,৪৫,৬৭৮");
    expect(en.money(400000)).toBe("৳4,00,000");
  });

  it("writes dates day first in Bengali digits", () => {
    expect(bn.date("2026-11-26")).toBe("২৬/১১/২০২৬");
    expect(en.date("2026-11-26")).toBe("26/11/2026");
    expect(bn.date(null)).toBe("---");
  });

  it("writes counts with lakh grouping", () => {
    expect(bn.count(1234567)).toBe("১২,৩৪,৫৬৭");
    expect(bn.count(0)).toBe("০");
    expect(en.count(1234567)).toBe("1234567");
  });

  it("leaves identifiers alone: only what goes through the formatter changes", () => {
    const passportNo = "A01234567";
    expect(`${passportNo} ${bn.digits("12")}`).toBe("A01234567 ১২");
    expect(localDigits("01712345678", "en")).toBe("01712345678");
    expect(latinDigits("০১৭১২৩৪৫৬৭৮")).toBe("01712345678");
  });
});

describe("texts by language", () => {
  it("shows the §5 messages in Bengali, and the spec's words in English", async () => {
    expect(translateMessage(MSG.fullName)).toBe("Full Name is required");
    await changeLanguage("bn");
    expect(translateMessage(MSG.fullName)).toBe("পূর্ণ নাম আবশ্যক");
    expect(translateMessage("Must be at most 50 characters")).toBe("সর্বোচ্চ ৫০ অক্ষর হতে পারে");
    expect(translateMessage("Something the app does not know")).toBe("Something the app does not know");
    expect(translateMessage("Passport not found", "passportNotFound")).toBe("পাসপোর্টটি পাওয়া যায়নি");
    expect(document.documentElement.lang).toBe("bn");
  });

  it("shows the server's refusals that say how long to wait in Bengali, the wait in Bengali digits", async () => {
    // As server/routes/auth.ts and sessions.ts write them.
    const username = "Too many failed sign-in attempts for this username. Please try again in 15 minutes.";
    const address = "Too many failed sign-in attempts from your network. Please try again in 1 minute.";
    const current = "Too many wrong current passwords. Please try again in 45 seconds.";
    for (const text of [username, address, current]) expect(translateMessage(text)).toBe(text);
    // The catalog's English says what the server says.
    expect(t("errors.retry.username", { wait: t("errors.retry.minutes", { count: 15 }) })).toBe(username);
    expect(t("errors.retry.address", { wait: t("errors.retry.minutes", { count: 1 }) })).toBe(address);
    expect(t("errors.retry.currentPassword", { wait: t("errors.retry.seconds", { count: 45 }) })).toBe(current);
    await changeLanguage("bn");
    expect(translateMessage(username)).toBe("এই ইউজারনেমে অনেকবার ভুলভাবে সাইন ইনের চেষ্টা হয়েছে। অনুগ্রহ করে ১৫ মিনিট পর আবার চেষ্টা করুন।");
    expect(translateMessage(address)).toContain("আপনার নেটওয়ার্ক থেকে");
    expect(translateMessage(current)).toContain("৪৫ সেকেন্ড পর");
  });

  it("gives Refine its texts, with Refine's English when a key is missing", async () => {
    expect(i18nProvider.translate("signIn.submit")).toBe("Sign In");
    expect(i18nProvider.translate("no.such.key", "Fallback")).toBe("Fallback");
    await i18nProvider.changeLocale("bn");
    expect(i18nProvider.getLocale()).toBe("bn");
    expect(i18nProvider.translate("signIn.submit")).toBe("সাইন ইন");
    expect(i18n.language).toBe("bn");
  });

  it("reads a declaration's text in either language", () => {
    expect(localText("Employers", "bn")).toBe("Employers");
    expect(localText({ en: "Employers", bn: "নিয়োগকর্তা" }, "bn")).toBe("নিয়োগকর্তা");
    expect(localText({ en: "Employers", bn: "নিয়োগকর্তা" })).toBe("Employers");
  });
});
