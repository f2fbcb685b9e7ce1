import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { changeLanguage, currentLanguage, startI18n } from "../../src/i18n/i18n";
import english from "../../src/i18n/locales/en";

// The app starts in English, the spec's words, unless a test switches (issue 28).
await startI18n("en", english);

// Lazy route modules are transformed on first use, which can take several seconds in a cold run on a
// busy machine (the screen's heading now shows in the top bar before its page module has loaded).
configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

// antd reads these browser APIs, which jsdom lacks.
if (typeof window !== "undefined") {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;

  afterEach(async () => {
    cleanup();
    // A test that switched to Bengali leaves the next one in English.
    if (currentLanguage() !== "en") await changeLanguage("en");
    localStorage.clear();
  });
}
