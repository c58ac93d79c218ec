// Types of scripts/postgres.mjs for the TypeScript tests.
/** Where a running cluster listens: its socket folder and port. */
export interface ClusterAddress {
  dir: string;
  port: number;
}

export interface PostgresDatabase {
  /** A connection string for this database (over the server's private socket). */
  url: string;
  where: ClusterAddress;
  /** Runs psql against this database with `input` on stdin; returns its output. */
  psql(args: string[], input?: string): string;
  /** Creates database `name` on the same cluster and returns it. */
  createDatabase(name: string): PostgresDatabase;
}

export interface Postgres extends PostgresDatabase {
  /** The server's process id (the parent of every backend). */
  pid: number;
  /** Stops the server, keeping its data (an outage). */
  halt(): void;
  /** Starts it again after `halt()`. */
  resume(): void;
  /** Stops the server and deletes it. */
  stop(): void;
}

export function postgresBinDir(): string;
export function attachPostgres(where: ClusterAddress, database?: string): PostgresDatabase;
export function startPostgres(port: number): Postgres;
