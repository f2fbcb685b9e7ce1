import type { ComponentType } from "react";
import type { PageId } from "../resources/types";

/** A page module, loaded on first visit so each route downloads only its own code. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * The page each name of the declarations stands for (src/resources: `page: "passport-list"`). The
 * only module that loads pages lazily: the declarations name them, so the registry imports no page
 * and no page's component imports the registry back.
 */
export const PAGES: Record<PageId, PageLoader> = {
  overview: () => import("../pages/overview/OverviewPage"),
  "passport-list": () => import("../pages/passports/PassportListPage"),
  "agent-data-entry": () => import("../pages/admin/AgentDataEntryPage"),
  "admin-pending": () => import("../pages/admin/PendingPassportsPage"),
  "work-permit": () => import("../pages/admin/work-permit/WorkPermitPage"),
  "super-admin-pending": () => import("../pages/super-admin/SuperAdminPendingPage"),
  "final-approval": () => import("../pages/super-admin/FinalApprovalPage"),
  "declared-list": () => import("../pages/declared/DeclaredListPage"),
  "declared-show": () => import("../pages/declared/DeclaredShowPage"),
  "declared-form": () => import("../pages/declared/DeclaredFormPage"),
  "security-log": () => import("../pages/security-log/SecurityLogPage"),
  "user-list": () => import("../pages/users/UserListPage"),
  "create-user": () => import("../pages/users/CreateUserPage"),
  "update-user": () => import("../pages/users/UpdateUserPage"),
};

/** The signed-in user's profile, the one page no resource declares (/profile). */
export const PROFILE_PAGE: PageLoader = () => import("../pages/ProfilePage");
