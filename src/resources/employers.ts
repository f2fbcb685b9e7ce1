import { defineResource, field } from "./model";

/** Foreign employers who send demand letters for workers (issue 26): managed by admins, read by super admins. */
export const employers = defineResource({
  name: "employers",
  label: { one: { en: "Employer", bn: "নিয়োগকর্তা" }, many: { en: "Employers", bn: "নিয়োগকর্তা" } },
  title: "name",
  fields: {
    name: field.text({ en: "Name", bn: "নাম" }, { required: true, searchable: true }),
    country: field.text({ en: "Country", bn: "দেশ" }, { required: true, filterable: true }),
    licenceNo: field.text({ en: "Licence No", bn: "লাইসেন্স নম্বর" }, { required: true, unique: true, searchable: true }),
    contactPerson: field.text({ en: "Contact Person", bn: "যোগাযোগের ব্যক্তি" }, { searchable: true }),
    phone: field.text({ en: "Phone", bn: "ফোন নম্বর" }, { format: "phone" }),
    email: field.text({ en: "Email", bn: "ইমেইল" }, { format: "email", searchable: true }),
    address: field.longText({ en: "Address", bn: "ঠিকানা" }),
  },
  access: {
    list: ["ADMIN", "SUPER_ADMIN"],
    show: ["ADMIN", "SUPER_ADMIN"],
    export: ["ADMIN", "SUPER_ADMIN"],
    create: ["ADMIN"],
    update: ["ADMIN"],
    delete: ["ADMIN"],
  },
  menu: { order: 6 },
});
