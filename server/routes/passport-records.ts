import type { RouteModule } from "../context";

export const passportRecordRoutes: RouteModule = (_app, _ctx) => {};
