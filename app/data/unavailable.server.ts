// A product database that cannot answer (SQLite locked by another process past the wait, a full
// or failing disk; PostgreSQL down or unreachable) is the 503 answer `DatabaseUnavailable`, thrown
// from the query that met it, never a 500; the next query tries again.
import type {
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
  CompiledQuery,
} from "kysely";
import { log } from "~/lib/log.server";
import { DATABASE_UNAVAILABLE } from "~/lib/unavailable";

/** What a client waits before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 5;

const SQLITE_FAULTS = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|PROTOCOL|NOLFS)/;
/** Node's socket errors and pg's own words for a connection that failed or went away. */
const NETWORK_FAULTS = new Set([
  "ECONNREFUSED",
  // A server on a Unix socket that is not running has no socket file.
  "ENOENT",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const POSTGRES_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;
/** SQLSTATE classes 08 (connection), 53 (resources), 57P (shut down, starting up). */
const POSTGRES_STATES = /^(08|53|57P)/;

/** Whether `error` means the database is out of reach for now, rather than a fault of the query. */
function isDatabaseFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? "");
  return (
    SQLITE_FAULTS.test(code) ||
    NETWORK_FAULTS.has(code) ||
    POSTGRES_STATES.test(code) ||
    POSTGRES_MESSAGES.test(error.message)
  );
}

/** The answer to any request whose database could not answer: 503, and when to try again. */
class DatabaseUnavailable extends Response {
  /** For logs and commands, which print an error's message. */
  readonly message: string;

  constructor(readonly cause: unknown) {
    super("The portal's data cannot be reached right now. Please try again in a moment.", {
      status: 503,
      statusText: DATABASE_UNAVAILABLE,
      headers: {
        "Retry-After": String(RETRY_AFTER_SECONDS),
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
    this.message = `database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
}

/** Whether `error` is the answer to a database that could not answer. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof DatabaseUnavailable;
}

let lastLogged = 0;

function translated(error: unknown): unknown {
  if (!isDatabaseFault(error)) return error;
  // One line a second at most while the database is away.
  if (Date.now() - lastLogged > 1_000) {
    lastLogged = Date.now();
    log("error", "database_unavailable", {
      detail: error instanceof Error ? error.message : String(error),
      code: (error as { code?: unknown }).code,
    });
  }
  return new DatabaseUnavailable(error);
}

async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translated(error);
  }
}

function faultAwareConnection(inner: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: <R>(query: CompiledQuery) =>
      answering<QueryResult<R>>(() => inner.executeQuery<R>(query)),
    async *streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
      try {
        yield* inner.streamQuery<R>(query, chunkSize);
      } catch (error) {
        throw translated(error);
      }
    },
  };
}

class FaultAwareDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(private readonly driver: Driver) {}

  init() {
    return answering(() => this.driver.init());
  }

  async acquireConnection() {
    const inner = await answering(() => this.driver.acquireConnection());
    let wrapped = this.#wrapped.get(inner);
    if (!wrapped) {
      wrapped = faultAwareConnection(inner);
      this.#wrapped.set(inner, wrapped);
      this.#inner.set(wrapped, inner);
    }
    return wrapped;
  }

  #unwrap(connection: DatabaseConnection) {
    return this.#inner.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return answering(() => this.driver.beginTransaction(this.#unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection) {
    return answering(() => this.driver.commitTransaction(this.#unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return answering(() => this.driver.rollbackTransaction(this.#unwrap(connection)));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection(this.#unwrap(connection));
  }

  destroy() {
    return this.driver.destroy();
  }
}

/** `dialect`, with every fault of its database answered as `DatabaseUnavailable`. */
export function faultAware(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new FaultAwareDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
