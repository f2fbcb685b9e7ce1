import { PATHS, USER_FILE_FIELDS } from "../contract";
import { MENU_GROUPS } from "./menu-groups";
import type { ResourceDeclaration } from "./types";

/** Spec §2 user management under the super admin's Control Panel. */
export const users: ResourceDeclaration = {
  identifier: "users",
  name: "users",
  label: "Users",
  role: "SUPER_ADMIN",
  pages: {
    list: { path: "user-list", page: "user-list", title: "User List" },
    create: { path: "create-user", page: "create-user", title: "Create New User" },
    edit: { path: ":userId/update-user", page: "update-user", title: "Update User" },
  },
  menu: [
    { label: "User List", order: 1, group: MENU_GROUPS.controlPanel.label },
    { label: "Create User", order: 2, group: MENU_GROUPS.controlPanel.label, action: "create" },
  ],
  actions: { create: ["SUPER_ADMIN"], edit: ["SUPER_ADMIN"], delete: ["SUPER_ADMIN"] },
  api: {
    list: { path: PATHS.allUsers },
    one: PATHS.getUser,
    create: { path: PATHS.signup, multipartFiles: USER_FILE_FIELDS },
    update: { path: PATHS.updateUser, multipartFiles: USER_FILE_FIELDS },
    delete: PATHS.deleteUser,
  },
};
