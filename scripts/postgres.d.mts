// Types of scripts/postgres.mjs for the TypeScript tests.
export interface Postgres {
  /** A connection string for the `postgres` database (over the server's private socket). */
  url: string;
  /** Runs psql against the `postgres` database with `input` on stdin; returns its output. */
  psql(args: string[], input?: string): string;
  /** The server's process id (the parent of every backend). */
  pid: number;
  stop(): void;
}

export function postgresBinDir(): string;
export function startPostgres(port: number): Postgres;
