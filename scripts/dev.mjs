// `npm run dev`: the standalone embedded auth server plus Vite's dev server (hot reload) pointed
// at it, unless SUPABASE_URL is already set; both stop together.
import { execFileSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";

const root = fileURLToPath(new URL("..", import.meta.url));

const children = [];
const env = { ...process.env, NODE_ENV: "development" };

if (!process.env.SUPABASE_URL) {
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
  const port = process.env.EMBEDDED_AUTH_PORT ?? "54321";
  children.push(
    spawn(process.execPath, ["build/auth-server.js"], {
      cwd: root,
      stdio: "inherit",
      env: { ...env, PORT: port, HOST: "127.0.0.1", GOTRUE_SITE_URL: "http://127.0.0.1:5173" },
    }),
  );
  env.SUPABASE_URL = `http://127.0.0.1:${port}`;
  env.SUPABASE_ANON_KEY = DEMO_ANON_KEY;
  env.SUPABASE_SERVICE_ROLE_KEY = DEMO_SERVICE_ROLE_KEY;
  env.SITE_URL ??= "http://127.0.0.1:5173";
}

children.push(
  spawn(
    process.execPath,
    ["node_modules/@remix-run/dev/dist/cli.js", "vite:dev", "--host", "127.0.0.1"],
    {
      cwd: root,
      stdio: "inherit",
      env,
    },
  ),
);

const stop = () => children.forEach((child) => child.exitCode === null && child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.once("exit", stop);
