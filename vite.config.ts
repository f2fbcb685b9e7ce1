import react from "@vitejs/plugin-react";
import { readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";

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
      const files = [...Object.keys(bundle), "index.html"].filter((f, i, all) => /\.(js|css|html|svg|json)$/.test(f) && all.indexOf(f) === i);
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

export default defineConfig({
  plugins: [react(), precompress()],
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
  build: { outDir: "dist", sourcemap: false },
});
