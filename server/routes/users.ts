import type { RouteModule } from "../context";

export const userRoutes: RouteModule = (_app, _ctx) => {};
