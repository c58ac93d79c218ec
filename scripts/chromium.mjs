// Debian's Chromium as every tool here starts it (Playwright, Lighthouse, the system-package
// check): where it is (`CHROMIUM_PATH` or /usr/bin/chromium) and the flags it needs on these
// machines (as root, no GPU, and no background calls to hosts the closed network refuses).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
