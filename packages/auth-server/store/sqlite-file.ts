// A SQLite file made private (mode 0600) without opening it once it exists: closing any handle to a
// file drops every lock this process holds on it, SQLite's included (decision 060).
import { chmodSync, closeSync, constants, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";

/** Creates `file` (and its folder) when missing, and makes it readable by its owner only. */
export function ensurePrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  chmodSync(file, 0o600);
}
