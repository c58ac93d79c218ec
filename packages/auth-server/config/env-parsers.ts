// Environment value parsers that collect every problem instead of stopping at the first one.

/** A rate: `events` allowed per `periodSeconds` (GoTrue's "N" or "N/<duration>" syntax). */
export interface Rate {
  events: number;
  periodSeconds: number;
}

/** Reads raw env strings and records one readable problem per bad value. */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Record<string, string | undefined>) {}

  /** The trimmed value, or undefined when unset or empty. */
  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  /** Go's strconv.ParseBool spellings (what GoTrue's envconfig accepts). */
  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (["1", "t", "T", "true", "TRUE", "True"].includes(value)) return true;
    if (["0", "f", "F", "false", "FALSE", "False"].includes(value)) return false;
    return this.fail(name, value, "must be true or false", fallback);
  }

  integer(name: string, fallback: number, min = 0): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min) {
      return this.fail(name, value, `must be a whole number >= ${min}`, fallback);
    }
    return Number(value);
  }

  /** A duration in seconds: a Go duration ("60s", "1m30s", "1h") or a bare number of seconds. */
  duration(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const seconds = parseDuration(value);
    if (seconds === undefined) {
      return this.fail(
        name,
        value,
        'must be a duration such as "60s", "5m" or a number of seconds',
        fallback,
      );
    }
    return seconds;
  }

  /** GoTrue's rate syntax: "N" (per the default period) or "N/<duration>"; 0 switches it off. */
  rate(name: string, fallback: Rate): Rate {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const [events, period] = value.split("/");
    const count = Number(events);
    const periodSeconds = period === undefined ? fallback.periodSeconds : parseDuration(period);
    if (!/^\d+(\.\d+)?$/.test(events ?? "") || !Number.isFinite(count) || !periodSeconds) {
      return this.fail(
        name,
        value,
        'must be "N" or "N/<duration>", e.g. "300" or "100/1h"',
        fallback,
      );
    }
    return { events: count, periodSeconds };
  }

  /** Comma-separated list, empty entries dropped. */
  list(name: string, fallback: string[]): string[] {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    return value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  }

  url(name: string, fallback: string | undefined): string | undefined {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) return undefined;
    if (!isHttpUrl(value)) return this.fail(name, value, "must be an http(s) URL", fallback);
    return value.replace(/\/+$/, "");
  }

  json<T>(name: string, check: (value: unknown) => T | string): T | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return this.fail(name, "<json>", "must be valid JSON", undefined);
    }
    const checked = check(parsed);
    if (typeof checked === "string") return this.fail(name, "<json>", checked, undefined);
    return checked;
  }

  problem(name: string, message: string): void {
    this.problems.push(`${name}: ${message}`);
  }

  private fail<T>(name: string, value: string, message: string, fallback: T): T {
    this.problems.push(`${name}: ${message} (got ${JSON.stringify(value)})`);
    return fallback;
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** Parses "90", "60s", "1m30s", "1.5h", "500ms" into seconds; undefined when malformed. */
export function parseDuration(value: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== value) return undefined;
  return parts.reduce(
    (sum, part) => sum + Number(part[1]) * (UNIT_SECONDS[part[2] ?? "s"] ?? 1),
    0,
  );
}

/** Splits GoTrue's GOTRUE_PASSWORD_REQUIRED_CHARACTERS: sets separated by ":", "\:" is a literal colon. */
export function parseRequiredCharacters(value: string): string[] {
  const sets: string[] = [];
  let current = "";
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (char === "\\" && value[i + 1] === ":") {
      current += ":";
      i++;
    } else if (char === ":") {
      sets.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  sets.push(current);
  return sets.filter((set) => set.length > 0);
}
