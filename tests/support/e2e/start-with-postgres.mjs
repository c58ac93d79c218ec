// The end-to-end server on PostgreSQL: starts a throwaway PostgreSQL (E2E_POSTGRES_PORT), then the
// production build pointed at it through DATABASE_URL; on SIGTERM or the app's exit, both stop.
import { spawn } from "node:child_process";
import { startPostgres } from "../../../scripts/postgres.mjs";

const postgres = startPostgres(Number(process.env.E2E_POSTGRES_PORT));
const app = spawn(process.execPath, [`${process.env.E2E_BUILD_DIR ?? "build"}/main.js`], {
  env: { ...process.env, DATABASE_URL: postgres.url },
  stdio: "inherit",
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => app.kill(signal));
app.on("exit", (code) => {
  postgres.stop();
  process.exit(code ?? 0);
});
