import type { RouteModule } from "../context";

export const passportListRoutes: RouteModule = (_app, _ctx) => {};
