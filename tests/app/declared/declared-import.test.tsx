/**
 * Issue 27: "Import" on a declared list, for the roles its declaration grants import (employers: admins;
 * super admins may read them only), opening the import wizard on the resource's own routes
 * (POST /api/employers/import?dryRun=…) and refreshing the list once rows are written.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { historyVerb } from "../../../src/components/declared/history-text";
import type { ImportReport } from "../../../src/contract";
import { declaredReplies, urlOf } from "../support/declared";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
  localStorage.clear();
});
afterEach(resetSession);

const REPORT: ImportReport = {
  total: 2,
  created: 2,
  duplicates: 0,
  failed: 0,
  errors: [],
  warnings: [],
  columns: [
    { header: "Name", field: "name", label: "Name" },
    { header: "Licence No", field: "licenceNo", label: "Licence No" },
  ],
};

const listCalls = (calls: InternalAxiosRequestConfig[]) =>
  calls.filter((c) => c.method === "get" && urlOf(c).path === "/api/employers" && !urlOf(c).query.has("id"));

describe("Import on a declared list (issue 27)", () => {
  it("is offered to admins, opens the wizard on the resource's import route, and refreshes the list after importing", async () => {
    const calls = stubApi(declaredReplies((config) => (urlOf(config).path === "/api/employers/import" ? { body: envelope(REPORT) } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers");
    await screen.findByRole("link", { name: "Doha Works" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import Employers" });
    const file = new File(["Name,Licence No\r\nGulf Star,LIC-9\r\nDoha Two,LIC-10\r\n"], "employers.csv", { type: "text/csv" });
    await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, file);

    const dryRun = await waitFor(() => calls.find((c) => c.method === "post" && urlOf(c).path === "/api/employers/import")!);
    expect(urlOf(dryRun).query.get("dryRun")).toBe("true");
    expect(((dryRun.data as FormData).get("file") as File).name).toBe("employers.csv");
    const listsBefore = listCalls(calls).length;
    await user.click(await within(dialog).findByRole("button", { name: "Import 2 employers" }));
    await waitFor(() => expect(calls.some((c) => c.method === "post" && urlOf(c).query.get("dryRun") === "false")).toBe(true));
    expect(await within(dialog).findByText("Imported 2 employers.")).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
  });

  it("is not offered to super admins, whom the declaration lets read employers only", async () => {
    stubApi(declaredReplies());
    signInAs(3, "super", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/employers");
    await screen.findByRole("link", { name: "Doha Works" });
    expect(screen.getByRole("button", { name: /Export/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Import" })).toBeNull();
  });

  it("is not offered on a legacy list (Slot Number Creation)", async () => {
    stubApi(declaredReplies());
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/slot-creation");
    await screen.findByRole("heading", { name: "Slot Number Creation" });
    expect(screen.queryByRole("button", { name: "Import" })).toBeNull();
  });

  it("reads a record's imported creation in its history as 'imported it from <file>'", () => {
    const entry = { id: 1, at: "2026-11-27T06:00:00Z", user: { id: 2, username: "admin" }, changes: [] };
    expect(historyVerb({ ...entry, action: "created", importedFrom: "march employers.csv" })).toBe("imported it from march employers.csv");
    expect(historyVerb({ ...entry, action: "created", importedFrom: null })).toBe("created it");
  });
});
