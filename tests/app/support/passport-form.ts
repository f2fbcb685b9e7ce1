import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import dayjs from "dayjs";

/** Where the passport form is looked for: a dialog, or the whole screen. */
type Scope = Pick<typeof screen, "getByLabelText" | "findAllByTitle">;

export const ymd = (date: dayjs.Dayjs) => date.format("YYYY-MM-DD");
export const pdf = (name: string) => new File(["%PDF-1.4"], name, { type: "application/pdf" });
export const png = (name: string) => new File(["\x89PNG"], name, { type: "image/png" });

export const field = (label: string, scope: Scope = screen) => scope.getByLabelText(label) as HTMLInputElement;

export async function typeDate(user: UserEvent, label: string, value: string, scope: Scope = screen) {
  const input = field(label, scope);
  await user.click(input);
  await user.clear(input);
  await user.type(input, `${value}{Enter}`);
}

/** Picks `option` in the antd Select labelled `label`; options render in a popup outside the dialog. */
export async function choose(user: UserEvent, label: string, option: string, scope: Scope = screen) {
  await user.click(field(label, scope));
  const matches = await screen.findAllByTitle(option);
  const item = matches.find((el) => el.classList.contains("ant-select-item-option"));
  if (!item) throw new Error(`No option ${option} in ${label}`);
  await user.click(item);
}

export interface ValidApplicant {
  agent: string;
  slot: string;
}

/** Fills every required field of the passport form with valid values. */
export async function fillValidPassport(user: UserEvent, { agent, slot }: ValidApplicant, scope: Scope = screen) {
  await user.type(field("Full Name", scope), "Rahim Uddin");
  await user.type(field("Passport No", scope), "A1234567");
  await user.type(field("Father's Name", scope), "Karim Uddin");
  await user.type(field("Mother's Name", scope), "Amina Begum");
  await user.type(field("Schooling", scope), "HSC");
  await user.type(field("Phone", scope), "01712345678");
  await user.clear(field("Contract Amount (BDT)", scope));
  await user.type(field("Contract Amount (BDT)", scope), "250000");
  await typeDate(user, "Passport Issue Date", "2020-01-15", scope);
  await typeDate(user, "Passport Expire Date", "2030-01-14", scope);
  await typeDate(user, "Date of Birth", ymd(dayjs().subtract(30, "year")), scope);
  await choose(user, "Agent", agent, scope);
  await choose(user, "Slot Number", slot, scope);
}
