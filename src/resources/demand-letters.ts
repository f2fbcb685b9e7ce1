import { defineResource, field } from "./model";

/** An employer's request for workers (issue 26), with its scan; the Overview lists those expiring soon. */
export const demandLetters = defineResource({
  name: "demand-letters",
  label: { one: { en: "Demand Letter", bn: "ডিমান্ড লেটার" }, many: { en: "Demand Letters", bn: "ডিমান্ড লেটার" } },
  title: "referenceNo",
  fields: {
    employerId: field.reference({ en: "Employer", bn: "নিয়োগকর্তা" }, "employers", { required: true, filterable: true }),
    referenceNo: field.text({ en: "Reference No", bn: "রেফারেন্স নম্বর" }, { required: true, unique: true, searchable: true }),
    country: field.text({ en: "Country", bn: "দেশ" }, { required: true, filterable: true }),
    jobTitle: field.text({ en: "Job Title", bn: "পদের নাম" }, { required: true, searchable: true }),
    workersRequested: field.number({ en: "Workers Requested", bn: "চাওয়া কর্মীর সংখ্যা" }, { required: true, min: 1 }),
    monthlySalary: field.money({ en: "Monthly Salary", bn: "মাসিক বেতন" }, { required: true }),
    issueDate: field.date({ en: "Issue Date", bn: "ইস্যুর তারিখ" }, { required: true, filterable: true }),
    expiryDate: field.date({ en: "Expiry Date", bn: "মেয়াদ শেষের তারিখ" }, { required: true, filterable: true, expiry: { withinDays: 30 } }),
    attested: field.boolean({ en: "Attested", bn: "সত্যায়িত" }, { filterable: true }),
    letter: field.file({ en: "Letter", bn: "লেটার" }),
  },
  refine: (record, text) =>
    record.refine((r) => !r.issueDate || !r.expiryDate || String(r.expiryDate) > String(r.issueDate), {
      path: ["expiryDate"],
      message: text({ en: "Expiry Date must be after the Issue Date", bn: "মেয়াদ শেষের তারিখ ইস্যুর তারিখের পরে হতে হবে" }),
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
