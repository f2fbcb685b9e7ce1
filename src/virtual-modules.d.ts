/** antd's start-up CSS per role, made by the build (vite.config.ts); empty outside a build. */
declare module "virtual:antd-startup-styles" {
  const urls: Partial<Record<import("./contract/enums").Role, string>>;
  export default urls;
}
