import { render as renderPlain, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { LanguageProvider } from "../../../src/i18n/LanguageProvider";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import dayjs from "dayjs";
import { describe, expect, it, vi } from "vitest";
import { PassportForm, type PassportFormProps } from "../../../src/components/passport-form";
import type { Passport } from "../../../src/contract";
import { field, fillValidPassport, pdf, typeDate, ymd } from "../support/passport-form";

// The texts come from react-i18next, as under the app.
const render = (ui: ReactElement) => renderPlain(ui, { wrapper: LanguageProvider });

const agents = [
  { id: 7, username: "rahim" },
  { id: 9, username: "karim" },
];
const slots = [
  { id: 1, slotName: "S-1" },
  { id: 2, slotName: "S-2" },
];

function renderForm(props: Partial<PassportFormProps> = {}) {
  const onSubmit = vi.fn<PassportFormProps["onSubmit"]>();
  render(<PassportForm mode="create" agents={agents} slots={slots} submitting={false} onSubmit={onSubmit} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

async function fillValid(user: UserEvent) {
  await fillValidPassport(user, { agent: "rahim", slot: "S-2" });
}

const SUBMIT_MESSAGES = [
  "Full Name is required",
  "Passport Number is required",
  "Father's name must be at least 3 characters long",
  "Mother's name must be at least 3 characters long",
  "Schooling is required",
  "Enter a valid Bangladeshi phone number",
  "Agent is required",
  "Contract Amount is required",
  "Passport issue date must be a valid date",
  "Passport expiry date must be a valid date",
  "Date of birth is required",
  "Slot is required",
];

describe("PassportForm validation (spec §5)", { timeout: 30_000 }, () => {
  it("shows every field's message when an empty form is submitted, and does not submit", async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    for (const message of SUBMIT_MESSAGES) expect(await screen.findByText(message)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("checks on every change, without waiting for submit", async () => {
    const { user } = renderForm();
    await user.type(field("Full Name"), "Ra");
    expect(await screen.findByText("Full Name is required")).toBeTruthy();
    await user.type(field("Full Name"), "h");
    await waitFor(() => expect(screen.queryByText("Full Name is required")).toBeNull());

    await user.type(field("Passport No"), "A1");
    expect(await screen.findByText("Passport Number is required")).toBeTruthy();
    await user.type(field("Father's Name"), "Ka");
    expect(await screen.findByText("Father's name must be at least 3 characters long")).toBeTruthy();
    await user.type(field("Mother's Name"), "Am");
    expect(await screen.findByText("Mother's name must be at least 3 characters long")).toBeTruthy();
    await user.type(field("Schooling"), "SS");
    expect(await screen.findByText("Schooling is required")).toBeTruthy();
    await user.type(field("Phone"), "017123");
    expect(await screen.findByText("Enter a valid Bangladeshi phone number")).toBeTruthy();
    await user.type(field("Phone"), "4567");
    await waitFor(() => expect(screen.queryByText("Enter a valid Bangladeshi phone number")).toBeNull());
  });

  it('rejects a contract amount of 0 or "abc" and accepts a whole number', async () => {
    const { user } = renderForm();
    const amount = field("Contract Amount (BDT)");
    expect(amount.value).toBe("0");
    await user.clear(amount);
    await user.type(amount, "abc");
    expect(await screen.findByText("Contract Amount is required")).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, "0");
    expect(await screen.findByText("Contract Amount is required")).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, "12.5");
    expect(await screen.findByText("Contract Amount is required")).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, "5000");
    await waitFor(() => expect(screen.queryByText("Contract Amount is required")).toBeNull());
  });

  it("requires the date of birth to be more than 18 years ago", async () => {
    const { user } = renderForm();
    const message = "Your age must be at least 18 years old. Please enter a valid date of birth.";
    await typeDate(user, "Date of Birth", ymd(dayjs().subtract(17, "year")));
    expect(await screen.findByText(message)).toBeTruthy();
    await typeDate(user, "Date of Birth", ymd(dayjs().subtract(18, "year").subtract(1, "day")));
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });

  it("accepts someone who turns 18 today and refuses one who turns 18 tomorrow", async () => {
    const { user } = renderForm();
    const message = "Your age must be at least 18 years old. Please enter a valid date of birth.";
    await typeDate(user, "Date of Birth", ymd(dayjs().subtract(18, "year").add(1, "day")));
    expect(await screen.findByText(message)).toBeTruthy();
    await typeDate(user, "Date of Birth", ymd(dayjs().subtract(18, "year")));
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });

  it('refuses a PDF for the photo with "Unsupported file type", by type or, lacking one, by name', async () => {
    const { onSubmit } = renderForm();
    // The input's accept list only guides the picker; a drop or "All files" can still bring a PDF.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(field("2 Photo"), pdf("scan.pdf"));
    expect(await screen.findByText("Unsupported file type")).toBeTruthy();
    await user.click(within(screen.getByText("scan.pdf").closest(".ant-upload-list-item") as HTMLElement).getByTitle("Remove file"));
    await waitFor(() => expect(screen.queryByText("Unsupported file type")).toBeNull());

    await user.upload(field("2 Photo"), new File(["%PDF-1.4"], "untyped.PDF"));
    expect(await screen.findByText("Unsupported file type")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("takes a PNG for the photo and a PDF elsewhere", async () => {
    renderForm();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(field("2 Photo"), new File(["png"], "photo.png", { type: "image/png" }));
    await user.upload(field("3 Police Clearance"), pdf("clearance.pdf"));
    await user.upload(field("6 Utility Bill"), new File(["%PDF"], "bill.pdf"));
    expect(await screen.findByText("bill.pdf")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText("Unsupported file type")).toBeNull();
  });

  it('says "Only one file is allowed" when a document slot holds two files', async () => {
    const { user, onSubmit } = renderForm();
    // rc-upload replaces its <input> after every pick, so look it up each time.
    await user.upload(field("4 Passport Copy"), pdf("first.pdf"));
    expect(await screen.findByText("first.pdf")).toBeTruthy();
    expect(screen.queryByText("Only one file is allowed")).toBeNull();
    await user.upload(field("4 Passport Copy"), pdf("second.pdf"));
    expect(await screen.findByText("Only one file is allowed")).toBeTruthy();

    // Removing one of them clears the message.
    const item = screen.getByText("second.pdf").closest(".ant-upload-list-item") as HTMLElement;
    await user.click(within(item).getByTitle("Remove file"));
    await waitFor(() => expect(screen.queryByText("Only one file is allowed")).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("accepts images only for the photo and PDF or images for the others", () => {
    renderForm();
    expect(field("2 Photo").getAttribute("accept")).toBe("image/png,image/jpeg");
    for (const label of ["1 Educational Certificates", "3 Police Clearance", "8 Experience Letter"]) {
      expect(field(label).getAttribute("accept")).toBe(".pdf,.png,.jpg,.jpeg");
    }
  });
});

describe("PassportForm submission", { timeout: 30_000 }, () => {
  it('splits the agent "id-username" value and passes the chosen files', async () => {
    const { user, onSubmit } = renderForm();
    await fillValid(user);
    await user.upload(field("5 NID Copy"), pdf("nid.pdf"));
    expect(await screen.findByText("nid.pdf")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, files] = onSubmit.mock.calls[0];
    expect(values).toEqual({
      fullName: "Rahim Uddin",
      passportNo: "A1234567",
      fathersName: "Karim Uddin",
      mothersName: "Amina Begum",
      schooling: "HSC",
      maritalStatus: "Single",
      telephone: "01712345678",
      contractAmount: 250000,
      passportIssueDate: "2020-01-15",
      passportExpireDate: "2030-01-14",
      visaType: "WORKVISA",
      dob: ymd(dayjs().subtract(30, "year")),
      agentId: "7",
      agentName: "rahim",
      slot: "S-2",
    });
    expect(Object.keys(files)).toEqual(["nid"]);
    expect(files.nid).toBeInstanceOf(File);
    expect(files.nid!.name).toBe("nid.pdf");
  });
});

describe("PassportForm in edit mode", { timeout: 30_000 }, () => {
  const passport: Partial<Passport> = {
    id: 3,
    fullName: "Rahim Uddin",
    passportNo: "A1234567",
    fathersName: "Karim Uddin",
    mothersName: "Amina Begum",
    schooling: "HSC",
    telephone: "01712345678",
    passportIssueDate: "2020-01-15",
    passportExpireDate: "2030-01-14",
    dob: "1990-05-01",
    agentId: 9,
    agentName: "karim",
    slot: "S-1",
  };

  it("defaults to Single, WORKVISA and 0, and offers Update", () => {
    renderForm({ mode: "edit", defaultValues: {} });
    const form = screen.getByRole("form", { name: "Edit Passport" });
    expect(within(form).getByTitle("Single")).toBeTruthy();
    expect(within(form).getByTitle("WORKVISA")).toBeTruthy();
    expect(field("Contract Amount (BDT)").value).toBe("0");
    expect(screen.getByRole("button", { name: "Update" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
  });

  it("shows the eight numbered uploads under Upload Required Documents and marks required fields", () => {
    renderForm({ mode: "edit", defaultValues: passport });
    expect(screen.getByText("Upload Required Documents")).toBeTruthy();
    const uploads = [
      "1 Educational Certificates",
      "2 Photo",
      "3 Police Clearance",
      "4 Passport Copy",
      "5 NID Copy",
      "6 Utility Bill",
      "7 Bank Statement",
      "8 Experience Letter",
    ];
    for (const label of uploads) {
      expect(screen.getByText(label).className).not.toContain("ant-form-item-required");
    }
    for (const label of ["Full Name", "Passport No", "Marital Status", "Phone", "Date of Birth", "Agent", "Slot Number"]) {
      // antd draws the red asterisk for labels with this class.
      expect(screen.getByText(label).className).toContain("ant-form-item-required");
    }
  });

  it("loads the passport, shows stored documents, and submits unchanged values with no files", async () => {
    const { user, onSubmit } = renderForm({
      mode: "edit",
      defaultValues: { ...passport, maritalStatus: "Married", visaType: "VISITVISA", contractAmount: 90000 },
      existingDocuments: {
        passportPDF: { contentType: "application/pdf", fileName: "passport.pdf", data: "JVBERi0=" },
        nidPDF: null,
      },
    });
    expect(field("Full Name").value).toBe("Rahim Uddin");
    expect(screen.getByTitle("karim")).toBeTruthy();
    expect(screen.getByText("Stored: passport.pdf (kept unless replaced)")).toBeTruthy();
    expect(screen.getAllByText(/kept unless replaced/)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, files] = onSubmit.mock.calls[0];
    expect(values).toMatchObject({
      maritalStatus: "Married",
      visaType: "VISITVISA",
      contractAmount: 90000,
      agentId: "9",
      agentName: "karim",
      slot: "S-1",
    });
    expect(files).toEqual({});
  });
});
