// This process's product database, opened (and migrated) once from the configuration: at start-up
// by the process entry, or on first use where nothing starts it (the dev server, tests).
import { getEnv } from "~/lib/env.server";
import { openMigratedDatabase, type ProductDb } from "./database.server";

let current: Promise<ProductDb> | undefined;

export function productDatabase(): Promise<ProductDb> {
  if (!current) {
    const env = getEnv();
    current = openMigratedDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    // A failed open is not kept: the next request tries again.
    current.catch(() => {
      current = undefined;
    });
  }
  return current;
}

/** Closes the database (shutdown); a later use opens it again. */
export async function closeProductDatabase(): Promise<void> {
  const open = current;
  current = undefined;
  if (open) await (await open).close();
}
