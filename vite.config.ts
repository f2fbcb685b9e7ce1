import react from "@vitejs/plugin-react";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { recordBuild } from "./scripts/build-info";
import { manualChunks } from "./scripts/chunks";

const API_SERVER = process.env.API_SERVER ?? "http://localhost:3000";

const api: ProxyOptions = { target: API_SERVER, changeOrigin: false };

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at the highest level;
 * the server sends them to browsers that accept them (staff often work on slow connections).
 */
function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      const files = [...Object.keys(bundle), "index.html"].filter((f, i, all) => /\.(js|css|html|svg|json|webmanifest)$/.test(f) && all.indexOf(f) === i);
      for (const file of files) {
        const path = join(dir, file);
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const STARTUP_STYLES = "virtual:antd-startup-styles";

/**
 * antd's CSS for a signed-in start-up, one file per role (scripts/antd-startup-styles.ts), as
 * `import urls from "virtual:antd-startup-styles"` (src/components/layout/startup-styles.ts). Only the
 * build makes them; elsewhere (dev server, tests) there are none and antd writes its CSS as usual.
 */
function antdStartupStyles(): Plugin {
  let build = false;
  let root = process.cwd();
  return {
    name: "antd-startup-styles",
    configResolved(config) {
      build = config.command === "build" && !config.build.ssr;
      root = config.root;
    },
    resolveId: (id) => (id === STARTUP_STYLES ? `\0${STARTUP_STYLES}` : undefined),
    load(id) {
      if (id !== `\0${STARTUP_STYLES}`) return undefined;
      if (!build) return "export default {};";
      const output = execFileSync(process.execPath, ["--import", "tsx", "scripts/antd-startup-styles.ts"], {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production" },
        maxBuffer: 64 * 1024 * 1024,
      });
      const styles = JSON.parse(output.toString()) as Record<string, string>;
      const urls: Record<string, string> = {};
      for (const [role, css] of Object.entries(styles)) {
        const hash = createHash("sha256").update(css).digest("base64url").slice(0, 8);
        const fileName = `assets/antd-${role.toLowerCase().replace("_", "-")}-${hash}.css`;
        this.emitFile({ type: "asset", fileName, source: css });
        urls[role] = `/${fileName}`;
      }
      return `export default ${JSON.stringify(urls)};`;
    },
  };
}

/** Notes in the build what it was made from, so `npm start` builds again only when needed. */
function buildInfo(): Plugin {
  let outDir = "dist";
  return {
    name: "build-info",
    apply: "build",
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    closeBundle: { order: "post", handler: () => recordBuild(outDir) },
  };
}

/**
 * The service worker (src/sw/sw.ts, docs/web-performance.md) and the web app manifest. The worker is
 * registered by the app itself (src/sw/register.ts), so index.html carries no inline script.
 */
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "src/sw",
  filename: "sw.ts",
  injectRegister: false,
  injectManifest: {
    // The build's files; index.html is kept by the worker with its headers (CSP nonce), not precached.
    globPatterns: ["**/*.{js,css,svg,png,webmanifest}"],
    // One language's texts (and antd's and dayjs's Bengali) are fetched when that language is chosen,
    // and kept by the worker then (src/sw/sw.ts): precaching them all would download every language.
    globIgnores: ["index.html", "**/*.br", "**/*.gz", "assets/en-*.js", "assets/bn-*.js", "assets/bn_BD-*.js"],
  },
  manifest: {
    name: "Passport Back Office",
    short_name: "Passports",
    description: "Recruiting agencies' back office: workers' passports from entry to flight.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f0f2f5",
    theme_color: "#0b3b8c",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  },
});

export default defineConfig({
  plugins: [react(), antdStartupStyles(), precompress(), pwa, buildInfo()],
  server: {
    proxy: {
      "/api": api,
      "/auth": api,
      "/slot": api,
      // Token refresh is POST / on the API; every other request to / is the app itself.
      "^/$": {
        ...api,
        bypass: (req: IncomingMessage) => (req.method === "POST" ? undefined : req.url),
      },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    rollupOptions: {
      // The contract's modules only declare (enums, paths, zod schemas): a chunk that takes a constant
      // from it does not also evaluate every schema (the first screen needs no zod).
      treeshake: { moduleSideEffects: (id) => !id.includes("/src/contract/") },
      output: {
        // A manual chunk holds what is put in it, not also what that imports (which may load without it).
        onlyExplicitManualChunks: true,
        manualChunks,
      },
      onwarn(warning, warn) {
        // zod's sources carry comments with "@__PURE__" that Rollup reads as misplaced annotations and drops; harmless.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        warn(warning);
      },
    },
  },
});
