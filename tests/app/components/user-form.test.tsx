import { render as renderPlain, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { App } from "antd";
import { describe, expect, it, vi } from "vitest";
import {
  createUserFormRules,
  NO_FILE_DATA,
  UserForm,
  type UserFormProps,
  updateUserFormRules,
} from "../../../src/components/user-form";
import { LanguageProvider } from "../../../src/i18n/LanguageProvider";
import { storedUser } from "../support/users";

// The texts come from react-i18next, as under the app.
const render = (ui: ReactElement) => renderPlain(ui, { wrapper: LanguageProvider });


function renderForm(props: Partial<UserFormProps> = {}) {
  const onSubmit = vi.fn<UserFormProps["onSubmit"]>();
  render(
    <App>
      <UserForm mode="create" submitting={false} onSubmit={onSubmit} {...props} />
    </App>,
  );
  // applyAccept off: the browser's file chooser filter is no guarantee, the rules must catch other types.
  return { onSubmit, user: userEvent.setup({ applyAccept: false, delay: null }) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const file = (name: string, type: string, content = "data") => new File([content], name, { type });

async function typeInto(user: UserEvent, label: string, value: string) {
  await user.clear(field(label));
  if (value) await user.type(field(label), value);
}

async function chooseRole(user: UserEvent, role: string) {
  await user.click(field("Role"));
  const item = (await screen.findAllByTitle(role)).find((el) => el.classList.contains("ant-select-item-option"));
  await user.click(item!);
}

async function fillValidCreate(user: UserEvent) {
  await typeInto(user, "Username", "karim");
  await typeInto(user, "Contact Number", "01712345678");
  await typeInto(user, "Email", "karim@example.com");
  await typeInto(user, "Password", "secret1");
  await typeInto(user, "Address", "Chattogram");
  await typeInto(user, "Emergency Contact Number", "01912345678");
  await typeInto(user, "NID Number", "19901234567");
  await typeInto(user, "Passport No", "EB7654321");
  await chooseRole(user, "AGENT");
}

describe("Create User form (spec §5 Create user)", { timeout: 30_000 }, () => {
  it("shows every create message on an empty submit and does not submit", async () => {
    const { user, onSubmit } = renderForm();
    expect(screen.getByRole("form", { name: "Create New User" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Create User" }));
    for (const message of [
      "Username is required",
      "Enter valid email address",
      "Password must be at least 6 characters",
      "Address is required",
      "NID Number is required",
      "Passport Number is required",
      "Agent role is required",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    // Contact number and emergency contact number share the message.
    expect(screen.getAllByText("Enter a valid Bangladeshi contact number")).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ["0123456789", false],
    ["01212345678", false],
    ["0171234567", false],
    ["017123456789", false],
    ["+8801712345678", false],
    ["01312345678", true],
    ["01912345678", true],
  ])("contact number %s valid: %s (01, then 3–9, then 8 digits)", async (value, valid) => {
    const { user } = renderForm();
    await typeInto(user, "Contact Number", value);
    await typeInto(user, "Emergency Contact Number", "01712345678");
    await waitFor(() =>
      expect(screen.queryByText("Enter a valid Bangladeshi contact number") === null).toBe(valid),
    );
  });

  it("checks the emergency contact number with the same pattern", async () => {
    const { user } = renderForm();
    await typeInto(user, "Contact Number", "01712345678");
    await typeInto(user, "Emergency Contact Number", "01212345678");
    expect(await screen.findByText("Enter a valid Bangladeshi contact number")).toBeTruthy();
    await typeInto(user, "Emergency Contact Number", "01612345678");
    await waitFor(() => expect(screen.queryByText("Enter a valid Bangladeshi contact number")).toBeNull());
  });

  it("checks the email and the password length", async () => {
    const { user } = renderForm();
    await typeInto(user, "Email", "not-an-email");
    expect(await screen.findByText("Enter valid email address")).toBeTruthy();
    await typeInto(user, "Email", "a@b.co");
    await waitFor(() => expect(screen.queryByText("Enter valid email address")).toBeNull());

    await typeInto(user, "Password", "12345");
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    await typeInto(user, "Password", "123456");
    await waitFor(() => expect(screen.queryByText("Password must be at least 6 characters")).toBeNull());
  });

  it("refuses a file that is not png, jpg, jpeg or pdf", async () => {
    const { user, onSubmit } = renderForm();
    await fillValidCreate(user);
    await user.upload(field("NID File"), file("notes.txt", "text/plain"));
    expect(await screen.findByText("Unsupported file type")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.upload(field("NID File"), file("nid.pdf", "application/pdf", "%PDF-1.4"));
    await waitFor(() => expect(screen.queryByText("Unsupported file type")).toBeNull());
  });

  it("submits the data part, the chosen files and the role", async () => {
    const { user, onSubmit } = renderForm();
    await fillValidCreate(user);
    const nid = file("nid.jpg", "image/jpeg");
    await user.upload(field("NID File"), nid);
    await user.click(screen.getByRole("button", { name: "Create User" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [data, files, role] = onSubmit.mock.calls[0];
    expect(data).toEqual({
      username: "karim",
      contactNumber: "01712345678",
      email: "karim@example.com",
      password: "secret1",
      address: "Chattogram",
      emergencyContactNumber: "01912345678",
      nidNo: "19901234567",
      passportNo: "EB7654321",
    });
    expect(files).toEqual({ nid });
    expect(role).toBe("AGENT");
  });

  it("reads Creating... while saving", () => {
    renderForm({ submitting: true });
    expect(screen.getByRole("button", { name: /Creating\.\.\./ })).toBeTruthy();
  });

  it("previews a chosen PDF in a frame with a download link", async () => {
    const { user } = renderForm();
    await user.upload(field("Passport File"), file("passport.pdf", "application/pdf", "%PDF-1.4"));
    await user.click(screen.getByRole("button", { name: "Preview Passport File" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTitle("passport.pdf").tagName).toBe("IFRAME");
    expect(within(dialog).getByRole("link", { name: "Download passport.pdf" }).getAttribute("download")).toBe("passport.pdf");
  });

  it('says "No file data provided." for an empty file and names an unsupported type', async () => {
    const { user } = renderForm();
    await user.upload(field("Passport File"), file("empty.pdf", "application/pdf", ""));
    await user.click(screen.getByRole("button", { name: "Preview Passport File" }));
    expect(await screen.findByText(NO_FILE_DATA)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));

    await user.upload(field("NID File"), file("notes.txt", "text/plain"));
    await user.click(screen.getByRole("button", { name: "Preview NID File" }));
    expect(await screen.findByText("Unsupported file type: text/plain")).toBeTruthy();
  });
});

describe("Update User form (spec §5 Update user)", { timeout: 30_000 }, () => {
  it("is prefilled, with password and role disabled and a Delete User button", async () => {
    const onDelete = vi.fn();
    renderForm({ mode: "edit", user: storedUser, onDelete });
    // The title is the screen's h1 (in the top bar); the form carries it as its name.
    expect(screen.getByRole("form", { name: "Update User" })).toBeTruthy();
    expect(field("Username").value).toBe("rahim");
    expect(field("Password").disabled).toBe(true);
    expect(field("Role").disabled).toBe(true);
    expect(screen.getByTitle("AGENT")).toBeTruthy();
    expect(screen.getByText("Stored: nid.png")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Delete User" }));
    expect(onDelete).toHaveBeenCalled();
  });

  it("shows the role a super admin holds in the disabled role select, rather than nothing", () => {
    renderForm({ mode: "edit", user: { ...storedUser, roles: [{ name: "SUPER_ADMIN" }] } });
    expect(field("Role").disabled).toBe(true);
    expect(screen.getByTitle("SUPER_ADMIN")).toBeTruthy();
  });

  it("uses the update messages for phone, emergency phone and email, and no password rule", async () => {
    const { user, onSubmit } = renderForm({ mode: "edit", user: storedUser });
    await typeInto(user, "Contact Number", "0123");
    await typeInto(user, "Emergency Contact Number", "0123");
    await typeInto(user, "Email", "nope");
    await typeInto(user, "Username", "");
    expect(
      await screen.findByText("Please enter a valid Bangladeshi contact number starting with 01 followed by 9 digits."),
    ).toBeTruthy();
    expect(
      await screen.findByText("Please enter a valid Bangladeshi emergency contact number starting with 01 followed by 9 digits."),
    ).toBeTruthy();
    expect(await screen.findByText("Invalid email address")).toBeTruthy();
    expect(await screen.findByText("Username is required")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Update User" }));
    expect(screen.queryByText("Password must be at least 6 characters")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("requires address, NID number and passport number, with the create messages", async () => {
    const { user, onSubmit } = renderForm({ mode: "edit", user: storedUser });
    await typeInto(user, "Address", "");
    await typeInto(user, "NID Number", "");
    await typeInto(user, "Passport No", "");
    for (const message of ["Address is required", "NID Number is required", "Passport Number is required"]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await user.click(screen.getByRole("button", { name: "Update User" }));
    expect(onSubmit).not.toHaveBeenCalled();

    // Blank-only text is empty too.
    await typeInto(user, "Address", "   ");
    expect(await screen.findByText("Address is required")).toBeTruthy();
  });

  it.each([["01312345678"], ["01612345678"], ["01912345678"]])(
    "accepts %s (01, then 3–9, then 8 digits) for both phones and saves it",
    async (phone) => {
      const { user, onSubmit } = renderForm({ mode: "edit", user: storedUser });
      await typeInto(user, "Contact Number", "0123");
      await typeInto(user, "Emergency Contact Number", "0123");
      expect(await screen.findByText(/^Please enter a valid Bangladeshi contact number/)).toBeTruthy();
      expect(await screen.findByText(/^Please enter a valid Bangladeshi emergency contact number/)).toBeTruthy();
      await typeInto(user, "Contact Number", phone);
      await typeInto(user, "Emergency Contact Number", phone);
      await waitFor(() => expect(screen.queryByText(/^Please enter a valid Bangladeshi/)).toBeNull());
      await user.click(screen.getByRole("button", { name: "Update User" }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0][0]).toMatchObject({ contactNumber: phone, emergencyContactNumber: phone });
    },
  );

  it("submits without password, keeping stored files unless replaced", async () => {
    const { user, onSubmit } = renderForm({ mode: "edit", user: storedUser });
    await typeInto(user, "Address", "Sylhet");
    await user.click(screen.getByRole("button", { name: "Update User" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [data, files] = onSubmit.mock.calls[0];
    expect(data).not.toHaveProperty("password");
    expect(data.address).toBe("Sylhet");
    expect(files).toEqual({});
  });

  it("previews the stored file", async () => {
    const { user } = renderForm({ mode: "edit", user: storedUser });
    await user.click(screen.getByRole("button", { name: "Preview NID File" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("img", { name: "nid.png" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Download nid.png" })).toBeTruthy();
  });
});

describe("user file rules", () => {
  const valid = {
    username: "a",
    contactNumber: "01712345678",
    emergencyContactNumber: "01712345678",
    email: "a@b.co",
    password: "secret1",
    address: "x",
    nidNo: "1",
    passportNo: "1",
    agentrole: "ADMIN",
  };
  it.each([
    [createUserFormRules, valid],
    [updateUserFormRules, { ...valid, password: undefined }],
  ])("accepts a File or a stored name, refuses anything else with Invalid file format", (rules, base) => {
    expect(rules.safeParse({ ...base, passport: "stored.pdf" }).success).toBe(true);
    expect(rules.safeParse({ ...base, passport: new File(["x"], "p.png", { type: "image/png" }) }).success).toBe(true);
    const wrong = rules.safeParse({ ...base, nid: 42 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.message)).toEqual(["Invalid file format"]);
    const unsupported = rules.safeParse({ ...base, nid: new File(["x"], "n.gif", { type: "image/gif" }) });
    expect(unsupported.error?.issues.map((i) => i.message)).toEqual(["Unsupported file type"]);
  });
});
