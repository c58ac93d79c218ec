// Makes sure Debian's Chromium is installed for the end-to-end tests (Playwright never downloads a
// browser here): finds it, or installs the `chromium` package when running as root with apt-get.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (existsSync(chromium)) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (!isRoot || !existsSync("/usr/bin/apt-get")) {
  console.error(
    `Chromium was not found at ${chromium}. Install Debian's package (sudo apt-get install -y chromium) ` +
      "or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

console.log("Installing Chromium from Debian's packages (apt-get install chromium)…");
const run = (args) =>
  execFileSync("apt-get", args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
run(["-q", "update"]);
run(["-q", "install", "-y", "--no-install-recommends", "chromium", "fonts-liberation"]);
if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
