import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { declaredReplies, urlOf } from "../support/declared";
import { renderApp, resetSession, signInAs, stubApi } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

async function openCreateEmployer() {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/employers");
  await screen.findByRole("link", { name: "Doha Works" });
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: /Create Employer/ }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Create Employer" }) };
}

describe("a declared resource's form (issue 26)", () => {
  it("checks the server's rules before sending: required fields marked, their messages under the fields", async () => {
    const calls = stubApi(declaredReplies());
    const { user, dialog } = await openCreateEmployer();
    expect(within(dialog).getByText("Name").closest("label")!.className).toMatch(/required/);
    await user.type(within(dialog).getByLabelText("Email"), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("Licence No is required")).toBeTruthy();
    expect(within(dialog).getByText("Enter a valid email address")).toBeTruthy();
    expect(calls.some((c) => c.method === "post")).toBe(false);
  });

  it("creates with POST /api/employers and the declaration's toast; a 409 shows the server's message under its field", async () => {
    let taken = true;
    const calls = stubApi(
      declaredReplies((config) => {
        if (config.method !== "post") return undefined;
        if (taken) {
          taken = false;
          const message = "Licence No LIC-1 is already in use";
          return { status: 409, body: { success: false, replyMessage: null, message: null, errorMessage: message, errors: { licenceNo: message } } };
        }
        return { status: 201, body: { id: 3, ...JSON.parse(config.data as string) } };
      }),
    );
    const { user, dialog } = await openCreateEmployer();
    await user.type(within(dialog).getByLabelText("Name"), "Riyadh Steel");
    await user.type(within(dialog).getByLabelText("Country"), "Saudi Arabia");
    await user.type(within(dialog).getByLabelText("Licence No"), "LIC-1");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const licence = within(dialog).getByLabelText("Licence No").closest(".ant-form-item")!;
    expect(await within(licence as HTMLElement).findByText("Licence No LIC-1 is already in use")).toBeTruthy();

    await user.clear(within(dialog).getByLabelText("Licence No"));
    await user.type(within(dialog).getByLabelText("Licence No"), "LIC-9");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Employer created")).toBeTruthy();
    const post = calls.filter((c) => c.method === "post").at(-1)!;
    expect(urlOf(post).path).toBe("/api/employers");
    expect(JSON.parse(post.data as string)).toEqual({
      name: "Riyadh Steel",
      country: "Saudi Arabia",
      licenceNo: "LIC-9",
      contactPerson: null,
      phone: null,
      email: null,
      address: null,
    });
  });

  it("edits a record prefilled from GET /api/<name>/:id and sends PATCH", async () => {
    const calls = stubApi(declaredReplies((config) => (config.method === "patch" ? { body: { id: 2 } } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Doha Works" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Employer" });
    await waitFor(() => expect((within(dialog).getByLabelText("Name") as HTMLInputElement).value).toBe("Doha Works"));
    await user.clear(within(dialog).getByLabelText("Country"));
    await user.type(within(dialog).getByLabelText("Country"), "Oman");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Employer updated")).toBeTruthy();
    const patch = calls.find((c) => c.method === "patch")!;
    expect(urlOf(patch).path).toBe("/api/employers/2");
    expect(JSON.parse(patch.data as string)).toMatchObject({ name: "Doha Works", country: "Oman", email: "hr@doha.example" });
  });
});
