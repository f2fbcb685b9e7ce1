import { defineResource, field } from "./model";

/** An employer's request for workers (issue 26), with its scan; the Overview lists those expiring soon. */
export const demandLetters = defineResource({
  name: "demand-letters",
  label: { one: "Demand Letter", many: "Demand Letters" },
  title: "referenceNo",
  fields: {
    employerId: field.reference("Employer", "employers", { required: true, filterable: true }),
    referenceNo: field.text("Reference No", { required: true, unique: true, searchable: true }),
    country: field.text("Country", { required: true, filterable: true }),
    jobTitle: field.text("Job Title", { required: true, searchable: true }),
    workersRequested: field.number("Workers Requested", { required: true, min: 1 }),
    monthlySalary: field.money("Monthly Salary", { required: true }),
    issueDate: field.date("Issue Date", { required: true, filterable: true }),
    expiryDate: field.date("Expiry Date", { required: true, filterable: true, expiry: { withinDays: 30 } }),
    attested: field.boolean("Attested", { filterable: true }),
    letter: field.file("Letter"),
  },
  refine: (record) =>
    record.refine((r) => !r.issueDate || !r.expiryDate || String(r.expiryDate) > String(r.issueDate), {
      path: ["expiryDate"],
      message: "Expiry Date must be after the Issue Date",
    }),
  access: {
    list: ["ADMIN", "SUPER_ADMIN"],
    show: ["ADMIN", "SUPER_ADMIN"],
    export: ["ADMIN", "SUPER_ADMIN"],
    create: ["ADMIN"],
    update: ["ADMIN"],
    delete: ["ADMIN"],
  },
  menu: { order: 7 },
});
