// The product database's commands (built as build/data.js): `migrate` brings the database to the
// newest schema; `export <url>` copies the SQLite file's product data into an empty PostgreSQL
// database, migrated first, with the portal stopped (decision 032).
import { migrate, openMigratedDatabase } from "../app/data/database.server";
import { copyProductData } from "../app/data/export.server";

const USAGE = "usage: node build/data.js migrate | export <postgresql://…>";

/**
 * Usage: node build/data.js migrate | export <postgresql://…>
 * - `migrate` brings the database (DATABASE_URL, or the SQLite file in DATA_DIR) to the newest
 *   schema.
 * - `export <url>` copies the product data from the SQLite file in DATA_DIR into the PostgreSQL
 *   database at <url> (migrated first); the portal should be stopped meanwhile.
 */
async function main(args: string[]) {
  const [command, target] = args;
  const dataDir = process.env.DATA_DIR || ".data";
  if (command === "migrate") {
    const applied = await migrate({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
    console.log(applied.length > 0 ? `applied: ${applied.join(", ")}` : "the schema is up to date");
    return;
  }
  if (command === "export" && target && /^postgres(ql)?:\/\//.test(target)) {
    const from = await openMigratedDatabase({ dataDir });
    try {
      const to = await openMigratedDatabase({ databaseUrl: target, dataDir });
      try {
        const copied = await copyProductData(from, to);
        for (const [table, rows] of Object.entries(copied)) console.log(`${table}: ${rows} rows`);
      } finally {
        await to.close();
      }
    } finally {
      await from.close();
    }
    return;
  }
  console.error(USAGE);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
