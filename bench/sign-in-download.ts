/**
 * What the sign-in page downloads: the entry chunk and its static imports, from Vite's manifest.
 * Pages load lazily, so the tables and forms must not be in here (staff work on slow connections).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { build } from "vite";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export async function measureSignInDownload(): Promise<{ files: number; bytes: number; gzipBytes: number; brotliBytes: number }> {
  const outDir = mkdtempSync(join(tmpdir(), "bench-web-"));
  try {
    await build({ root: resolve("."), logLevel: "warn", build: { outDir, manifest: true, emptyOutDir: true } });
    const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8"));
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    Object.entries(manifest).filter(([, c]) => c.isEntry).forEach(([key]) => visit(key));
    // The sign-in page itself is a lazy chunk: count it and its static imports too.
    const signIn = Object.keys(manifest).find((k) => k.endsWith("SignInPage.tsx"));
    if (signIn) visit(signIn);
    let bytes = 0;
    let gzipBytes = 0;
    // What is sent: the server serves the build's .br (or .gz) copy to browsers that accept it.
    let brotliBytes = 0;
    for (const file of files) {
      const content = readFileSync(join(outDir, file));
      bytes += content.length;
      gzipBytes += gzipSync(content, { level: 9 }).length;
      brotliBytes += brotliCompressSync(content).length;
    }
    return { files: files.size, bytes, gzipBytes, brotliBytes };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Pages load lazily: what the sign-in page needs, as sent (brotli), stays under 350 kB. */
const SIGN_IN_BROTLI_BYTES = 350_000;

export const signInSection = {
  name: "sign-in",
  async run() {
    const download = await measureSignInDownload();
    const met = download.brotliBytes <= SIGN_IN_BROTLI_BYTES;
    console.log(`Sign-in page JavaScript: ${download.files} files, ${download.bytes} bytes (${download.gzipBytes} gzipped, ${download.brotliBytes} with brotli, as served); target ${SIGN_IN_BROTLI_BYTES} ${met ? "met" : "MISSED"}`);
    return { met, data: download };
  },
};
