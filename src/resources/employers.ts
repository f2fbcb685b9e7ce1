import { defineResource, field } from "./model";

/** Foreign employers who send demand letters for workers (issue 26): managed by admins, read by super admins. */
export const employers = defineResource({
  name: "employers",
  label: { one: "Employer", many: "Employers" },
  title: "name",
  fields: {
    name: field.text("Name", { required: true, searchable: true }),
    country: field.text("Country", { required: true, filterable: true }),
    licenceNo: field.text("Licence No", { required: true, unique: true, searchable: true }),
    contactPerson: field.text("Contact Person", { searchable: true }),
    phone: field.text("Phone", { format: "phone" }),
    email: field.text("Email", { format: "email", searchable: true }),
    address: field.longText("Address"),
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
