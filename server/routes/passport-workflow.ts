import type { RouteModule } from "../context";

export const passportWorkflowRoutes: RouteModule = (_app, _ctx) => {};
