import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { http, sessionStore } from "../../../src/providers";
import { envelope, failure, locationPath, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
  signInAs(1, "superadmin", ["SUPER_ADMIN"]);
});
afterEach(resetSession);

const users = [
  { id: 12, username: "rahim", contactNumber: "01712345678", email: "rahim@example.com", address: "", emergencyContactNumber: "01812345678", nidNo: "1", passportNo: "P1", roles: [{ name: "AGENT" }] },
  { id: 13, username: "karim", contactNumber: "01912345678", email: "karim@example.com", address: "Sylhet", emergencyContactNumber: "01812345678", nidNo: "2", passportNo: "P2", roles: [{ name: "ADMIN" }, { name: "AGENT" }] },
];
const storedUser = { ...users[0], address: "Dhaka", passportPdf: null, nidPdf: null };

const route = (config: InternalAxiosRequestConfig) => `${config.method?.toUpperCase()} ${config.url}`;
const networkDown = (): Reply => {
  throw new Error("Network Error");
};

/** The body of the newest alert (modal.success / modal.error) titled `title`. */
async function alertContent(title: string) {
  const heading = (await screen.findAllByText(title, { selector: ".ant-modal-confirm-title" })).at(-1)!;
  return heading.closest(".ant-modal-confirm")!.querySelector(".ant-modal-confirm-content")!;
}

/** The text of the newest alert titled `title`. */
const alertText = async (title: string) => (await alertContent(title)).textContent;

/** The lines of the newest alert titled `title`: one per element, or its whole text when it is plain text. */
async function alertLines(title: string) {
  const content = await alertContent(title);
  return content.children.length ? [...content.children].map((line) => line.textContent) : [content.textContent];
}

async function confirmIn(title: string, button: string) {
  // Closed popovers stay in the DOM, hidden; the newest one is the open one.
  const dialog = (await screen.findAllByText(title)).at(-1)!.closest(".ant-popover, .ant-modal") as HTMLElement;
  await userEvent.click(within(dialog).getByRole("button", { name: button }));
}

describe("User List (spec §2)", { timeout: 30_000 }, () => {
  it("lists users 10 a page with Address --- when empty and roles joined by a comma", async () => {
    const calls = stubApi(() => ({ body: envelope({ content: users, totalElements: 2 }) }));
    renderApp("/dashboard/super-admin/user-list");
    const row = (await screen.findByText("rahim")).closest("tr")!;
    expect(within(row).getByText("01712345678")).toBeTruthy();
    expect(within(row).getByText("rahim@example.com")).toBeTruthy();
    expect(within(row).getByText("---")).toBeTruthy();
    expect(within(screen.getByText("karim").closest("tr")!).getByText("ADMIN, AGENT")).toBeTruthy();
    for (const header of ["Username", "Contact Number", "Email", "Address", "Roles", "Actions"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeTruthy();
    }
    expect(calls.map(route)).toContain("GET /auth/get-all-users?page=0&size=10");
  });

  it("exports every user as a file named by the server, offering CSV and Excel (issue 27)", async () => {
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const file = { "content-disposition": `attachment; filename="users-2026-11-27.xlsx"`, "content-type": "application/octet-stream" };
    const calls = stubApi((config) => (config.url?.includes("format=") ? { body: new Blob(["xlsx"]), headers: file } : { body: envelope({ content: users, totalElements: 12 }) }));
    renderApp("/dashboard/super-admin/user-list");
    await screen.findByText("rahim");
    await userEvent.click(screen.getByRole("button", { name: /Export/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Excel (XLSX)" }));
    expect(await screen.findByText("Exported users-2026-11-27.xlsx")).toBeTruthy();
    expect(calls.map(route)).toContain("GET /auth/get-all-users?format=xlsx");
  });

  it("pages on the server, ten users at a time", async () => {
    const calls = stubApi(() => ({ body: envelope({ content: users, totalElements: 12 }) }));
    renderApp("/dashboard/super-admin/user-list");
    expect(await screen.findByText("Showing 1–10 of 12 items")).toBeTruthy();
    await userEvent.click(screen.getByTitle("2"));
    await waitFor(() => expect(calls.map(route)).toContain("GET /auth/get-all-users?page=1&size=10"));
  });

  it("Edit opens the update-user route", async () => {
    stubApi(() => ({ body: envelope({ content: users, totalElements: 2 }) }));
    renderApp("/dashboard/super-admin/user-list");
    await userEvent.click(await screen.findByRole("button", { name: "Edit karim" }));
    await waitFor(() => expect(locationPath()).toBe("/dashboard/super-admin/13/update-user"));
  });

  it("Delete asks first, then deletes and says so; a refusal says Failed to delete user", async () => {
    let refuse = false;
    const calls = stubApi((config) => {
      if (config.method === "delete") return refuse ? { status: 409, body: failure("This user is the agent of 3 passport(s)") } : { body: envelope(null, "User deleted successfully") };
      return { body: envelope({ content: users, totalElements: 2 }) };
    });
    renderApp("/dashboard/super-admin/user-list");
    await userEvent.click(await screen.findByRole("button", { name: "Delete rahim" }));
    expect(await screen.findByText("This action cannot be undone.")).toBeTruthy();
    await confirmIn("Are you sure?", "Delete");
    expect(await screen.findByText("User deleted successfully")).toBeTruthy();
    expect(calls.map(route)).toContain("DELETE /auth/delete-user/12");

    refuse = true;
    await userEvent.click(screen.getByRole("button", { name: "Delete karim" }));
    await confirmIn("Are you sure?", "Delete");
    expect(await screen.findByText("Failed to delete user")).toBeTruthy();
  });
});

async function fillCreateForm(user: UserEvent) {
  const type = (label: string, value: string) => user.type(screen.getByLabelText(label), value);
  await type("Username", "newagent");
  await type("Contact Number", "01712345678");
  await type("Email", "newagent@example.com");
  await type("Password", "secret1");
  await type("Address", "Dhaka");
  await type("Emergency Contact Number", "01812345678");
  await type("NID Number", "1990");
  await type("Passport No", "EB1");
  await user.click(screen.getByLabelText("Role"));
  const option = (await screen.findAllByTitle("ADMIN")).find((el) => el.classList.contains("ant-select-item-option"));
  await user.click(option!);
}

describe("Create User (spec §7, §8)", { timeout: 30_000 }, () => {
  it("signs up, assigns the role, says Agent created and role assigned. and opens the User List", async () => {
    const calls = stubApi((config) => {
      if (config.url === "/auth/signup") return { status: 201, body: envelope({ id: 77 }, "User created successfully") };
      if (config.url?.startsWith("/api/admin/assign-role")) return { body: envelope({}, "Role ADMIN assigned") };
      return { body: envelope({ content: [], totalElements: 0 }) };
    });
    renderApp("/dashboard/super-admin/create-user");
    const user = userEvent.setup();
    await screen.findByRole("form", { name: "Create New User" });
    await fillCreateForm(user);
    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByText("Agent created and role assigned.")).toBeTruthy();
    await waitFor(() => expect(locationPath()).toBe("/dashboard/super-admin/user-list"));
    const writes = calls.filter((c) => c.method === "post").map(route);
    expect(writes).toEqual(["POST /auth/signup", "POST /api/admin/assign-role/user/77?roleName=ADMIN"]);
    const body = calls.find((c) => c.url === "/auth/signup")!.data as FormData;
    const data = JSON.parse(await (body.get("data") as Blob).text());
    expect(data).toMatchObject({ username: "newagent", password: "secret1", emergencyContactNumber: "01812345678" });
    expect(data).not.toHaveProperty("agentrole");
  });

  it.each([
    ["the server's errorMessage", () => ({ status: 409, body: failure("Username already taken") }), "Username already taken"],
    ["An unexpected error occurred. without one", networkDown, "An unexpected error occurred."],
  ])("a failed save shows Error! with %s", async (_, signupReply, text) => {
    stubApi((config) => (config.url === "/auth/signup" ? signupReply() : { body: envelope({ content: [], totalElements: 0 }) }));
    renderApp("/dashboard/super-admin/create-user");
    const user = userEvent.setup();
    await screen.findByRole("form", { name: "Create New User" });
    await fillCreateForm(user);
    await user.click(screen.getByRole("button", { name: "Create User" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("Error!").length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
    expect(locationPath()).toBe("/dashboard/super-admin/create-user");
  });
});

describe("Create User: a failed assign-role (spec §3 signUpUserId, §7)", { timeout: 30_000 }, () => {
  const storedSignUpUserId = () => JSON.parse(localStorage.getItem("auth") ?? "{}").signUpUserId;

  it("keeps the new user's id; the retry only assigns the role to it, without signing up again", async () => {
    let assignFails = true;
    const calls = stubApi((config) => {
      if (config.url === "/auth/signup") return { status: 201, body: envelope({ id: 77 }, "User created successfully") };
      if (config.url?.startsWith("/api/admin/assign-role")) return assignFails ? { status: 500, body: failure("Role could not be saved") } : { body: envelope({}, "Role ADMIN assigned") };
      return { body: envelope({ content: [], totalElements: 0 }) };
    });
    renderApp("/dashboard/super-admin/create-user");
    const user = userEvent.setup();
    await screen.findByRole("form", { name: "Create New User" });
    await fillCreateForm(user);
    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(await alertText("Error!")).toBe("Role could not be saved");
    expect(storedSignUpUserId()).toBe(77);
    await user.click(screen.getByRole("button", { name: "OK" }));

    assignFails = false;
    // The name may still carry the leaving "loading" icon, which never finishes its animation in jsdom.
    await user.click(screen.getByRole("button", { name: /Create User/ }));
    expect(await screen.findByText("Agent created and role assigned.")).toBeTruthy();
    await waitFor(() => expect(locationPath()).toBe("/dashboard/super-admin/user-list"));
    expect(calls.filter((c) => c.method === "post").map(route)).toEqual([
      "POST /auth/signup",
      "POST /api/admin/assign-role/user/77?roleName=ADMIN",
      "POST /api/admin/assign-role/user/77?roleName=ADMIN",
    ]);
    expect(sessionStore.get().signUpUserId).toBeNull();
  });

  it("a fresh Create User form does not reuse an id left from an earlier one", async () => {
    sessionStore.setSignUpUserId(55);
    const calls = stubApi((config) => {
      if (config.url === "/auth/signup") return { status: 201, body: envelope({ id: 78 }, "User created successfully") };
      if (config.url?.startsWith("/api/admin/assign-role")) return { body: envelope({}, "Role ADMIN assigned") };
      return { body: envelope({ content: [], totalElements: 0 }) };
    });
    renderApp("/dashboard/super-admin/create-user");
    const user = userEvent.setup();
    await screen.findByRole("form", { name: "Create New User" });
    await fillCreateForm(user);
    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByText("Agent created and role assigned.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "post").map(route)).toEqual(["POST /auth/signup", "POST /api/admin/assign-role/user/78?roleName=ADMIN"]);
  });
});

describe("Update User (spec §7, §8)", { timeout: 30_000 }, () => {
  const openEdit = async (reply: (config: InternalAxiosRequestConfig) => Reply | undefined) => {
    const calls = stubApi((config) => reply(config) ?? (config.url === "/auth/get-user/12" ? { body: envelope(storedUser) } : { body: envelope({ content: [], totalElements: 0 }) }));
    renderApp("/dashboard/super-admin/12/update-user");
    expect(await screen.findByDisplayValue("rahim")).toBeTruthy();
    return calls;
  };

  it("shows the full-screen spinner until the user has loaded", async () => {
    stubApi((config) => (config.url === "/auth/get-user/12" ? { body: envelope(storedUser) } : { body: envelope({ content: [], totalElements: 0 }) }));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stubbed = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = async (config) => {
      if (config.url === "/auth/get-user/12") await answered;
      return stubbed(config);
    };
    renderApp("/dashboard/super-admin/12/update-user");
    await waitFor(() => expect(document.querySelector(".ant-spin-fullscreen")).not.toBeNull());
    expect(screen.queryByRole("form", { name: "Update User" })).toBeNull();
    answer();
    expect(await screen.findByDisplayValue("rahim")).toBeTruthy();
    expect(document.querySelector(".ant-spin-fullscreen")).toBeNull();
  });

  it("has the role select and the password disabled", async () => {
    await openEdit(() => undefined);
    expect((screen.getByLabelText("Role") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Password") as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTitle("AGENT")).toBeTruthy();
  });

  it.each([
    ["the server's errorMessage", () => ({ status: 409, body: failure("Email already in use") }), "Email already in use"],
    ["the server's errorMessage of a success: false reply", () => ({ body: failure("Contact number already in use") }), "Contact number already in use"],
    ["An unexpected error occurred. without a reply", networkDown, "An unexpected error occurred."],
  ])("a failed update shows Error! with %s", async (_, putReply, text) => {
    await openEdit((config) => (config.method === "put" ? putReply() : undefined));
    await userEvent.click(screen.getByRole("button", { name: "Update User" }));
    expect(await alertText("Error!")).toBe(text);
    expect(screen.queryByText("User Updated Successfully")).toBeNull();
  });

  it("checks the phones with the update messages and refuses an unsupported file, naming its type in the preview", async () => {
    const calls = await openEdit(() => undefined);
    const user = userEvent.setup({ applyAccept: false });
    await user.clear(screen.getByLabelText("Contact Number"));
    await user.type(screen.getByLabelText("Contact Number"), "01212345678");
    await user.clear(screen.getByLabelText("Emergency Contact Number"));
    await user.type(screen.getByLabelText("Emergency Contact Number"), "0171234567");
    expect(await screen.findByText("Please enter a valid Bangladeshi contact number starting with 01 followed by 9 digits.")).toBeTruthy();
    expect(await screen.findByText("Please enter a valid Bangladeshi emergency contact number starting with 01 followed by 9 digits.")).toBeTruthy();

    await user.upload(screen.getByLabelText("Passport File"), new File(["x"], "scan.gif", { type: "image/gif" }));
    expect(await screen.findByText("Unsupported file type")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Preview Passport File" }));
    expect(await within(await screen.findByRole("dialog", { name: "Passport File" })).findByText("Unsupported file type: image/gif")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));

    await user.click(screen.getByRole("button", { name: "Update User" }));
    expect(calls.filter((c) => c.method === "put")).toHaveLength(0);
  });

  it("prefills from get-user and saves with PUT update-user, showing the server's message", async () => {
    const calls = await openEdit((config) => (config.method === "put" ? { body: envelope(storedUser, "User Updated Successfully!") } : undefined));
    expect((screen.getByLabelText("Address") as HTMLInputElement).value).toBe("Dhaka");
    await userEvent.click(screen.getByRole("button", { name: "Update User" }));
    expect(await screen.findByText("User Updated Successfully!")).toBeTruthy();
    expect(calls.map(route)).toContain("PUT /auth/update-user/12");
  });

  it("falls back to User Updated Successfully when the server sends no message", async () => {
    await openEdit((config) => (config.method === "put" ? { body: envelope(storedUser, null) } : undefined));
    await userEvent.click(screen.getByRole("button", { name: "Update User" }));
    expect(await screen.findByText("User Updated Successfully")).toBeTruthy();
  });

  // Spec §8's texts exactly; a refusal's reason, when the server gives one, is an extra line below.
  it.each([
    ["success", () => ({ body: envelope(null, "User deleted successfully") }), "Deleted!", ["User has been deleted."]],
    ["a 4xx refusal, with the server's reason below", () => ({ status: 409, body: failure("This user is the agent of 2 passport(s)") }), "Failed!", ["User could not be deleted.", "This user is the agent of 2 passport(s)"]],
    ["a success: false reply without a reason", () => ({ body: failure(null as unknown as string) }), "Failed!", ["User could not be deleted."]],
    ["a success: false reply, with the server's reason below", () => ({ body: failure("You cannot delete yourself") }), "Failed!", ["User could not be deleted.", "You cannot delete yourself"]],
    ["no reply", networkDown, "Error!", ["Something went wrong."]],
    ["a server fault (5xx)", () => ({ status: 500, body: failure("Database unavailable") }), "Error!", ["Something went wrong."]],
  ])("Delete User asks first and reports %s", async (_, deleteReply, title, lines) => {
    const calls = await openEdit((config) => (config.method === "delete" ? deleteReply() : undefined));
    await userEvent.click(screen.getByRole("button", { name: "Delete User" }));
    expect(await screen.findByText("You won’t be able to revert this!")).toBeTruthy();
    await confirmIn("Are you sure?", "Yes, delete it!");
    expect(await alertLines(title)).toEqual(lines);
    expect(calls.map(route)).toContain("DELETE /auth/delete-user/12");
    const left = title === "Deleted!";
    await waitFor(() => expect(locationPath()).toBe(left ? "/dashboard/super-admin/user-list" : "/dashboard/super-admin/12/update-user"));
  });
});
