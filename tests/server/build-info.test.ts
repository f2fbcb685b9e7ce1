import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordBuild, staleReason } from "../../scripts/build-info";

/** `npm start` builds only when dist/ is older than what it is built from (issue 13). */
describe("npm start's build step", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function project() {
    const root = mkdtempSync(join(tmpdir(), "build-if-stale-"));
    dirs.push(root);
    mkdirSync(join(root, "src/pages"), { recursive: true });
    writeFileSync(join(root, "src/pages/Page.tsx"), "export {}");
    writeFileSync(join(root, "index.html"), "<html></html>");
    writeFileSync(join(root, "package.json"), "{}");
    const dist = join(root, "dist");
    return { root, dist };
  }
  function build(dist: string, env: NodeJS.ProcessEnv = {}) {
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, "index.html"), "<html></html>");
    recordBuild(dist, env);
  }
  const age = (path: string, secondsAgo: number) => {
    const at = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(path, at, at);
  };

  it("builds when there is no build yet", () => {
    const { root, dist } = project();
    expect(staleReason(root, dist, {})).toBe("no build yet");
  });

  it("does not build again when the build is newer than every source", () => {
    const { root, dist } = project();
    for (const file of ["src/pages/Page.tsx", "src/pages", "src", "index.html", "package.json"]) age(join(root, file), 60);
    build(dist);
    expect(staleReason(root, dist, {})).toBeUndefined();
  });

  it("builds again after a source changes, or with other VITE_ settings", () => {
    const { root, dist } = project();
    for (const file of ["src/pages/Page.tsx", "src/pages", "src", "index.html", "package.json"]) age(join(root, file), 60);
    build(dist, { VITE_API_URL: "https://api.example.com" });
    expect(staleReason(root, dist, { VITE_API_URL: "https://api.example.com" })).toBeUndefined();
    expect(staleReason(root, dist, {})).toBe("the VITE_ settings changed");

    writeFileSync(join(root, "src/pages/Page.tsx"), "export const changed = 1;");
    utimesSync(join(root, "src/pages/Page.tsx"), new Date(), new Date(Date.now() + 5000));
    expect(staleReason(root, dist, { VITE_API_URL: "https://api.example.com" })).toBe("src changed since the last build");
  });
});
