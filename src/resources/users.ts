import { PATHS, USER_FILE_FIELDS } from "../contract";
import { MENU_GROUPS } from "./menu-groups";
import type { ResourceDeclaration } from "./types";

/** Spec §2 user management under the super admin's Control Panel. */
export const users: ResourceDeclaration = {
  identifier: "users",
  name: "users",
  label: { en: "Users", bn: "ব্যবহারকারী" },
  role: "SUPER_ADMIN",
  pages: {
    list: { path: "user-list", page: "user-list", title: { en: "User List", bn: "ব্যবহারকারীর তালিকা" } },
    create: { path: "create-user", page: "create-user", title: { en: "Create New User", bn: "নতুন ব্যবহারকারী তৈরি করুন" } },
    edit: { path: ":userId/update-user", page: "update-user", title: { en: "Update User", bn: "ব্যবহারকারী হালনাগাদ করুন" } },
  },
  menu: [
    { label: { en: "User List", bn: "ব্যবহারকারীর তালিকা" }, order: 1, group: MENU_GROUPS.controlPanel.label },
    { label: { en: "Create User", bn: "ব্যবহারকারী তৈরি করুন" }, order: 2, group: MENU_GROUPS.controlPanel.label, action: "create" },
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
