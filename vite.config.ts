import react from "@vitejs/plugin-react";
import type { IncomingMessage } from "node:http";
import { defineConfig, type ProxyOptions } from "vite";

const API_SERVER = process.env.API_SERVER ?? "http://localhost:3000";

const api: ProxyOptions = { target: API_SERVER, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
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
