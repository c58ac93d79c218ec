// What the programme file's tests share: the problems a refused file is reported with, the line a
// marker stands on, and a file's text with one of its parts replaced.
import { ConfigError } from "~/lib/env.server";
import { parseProgramme } from "~/programme/programme-file.server";

/** The problems the file `source` is refused with, its text `text`; throws if it is accepted. */
export function problemsOf(source: string, text: string): string[] {
  try {
    parseProgramme(text, source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("the file was accepted");
}

/** The line (from 1) on which the only occurrence of `marker` in `text` starts. */
export function lineOf(text: string, marker: string): number {
  const at = text.indexOf(marker);
  if (at < 0 || text.lastIndexOf(marker) !== at) {
    throw new Error(`"${marker}" is not in the text once`);
  }
  return text.slice(0, at).split("\n").length;
}

/** `text` with its only occurrence of `from` replaced by `to`. */
export function edit(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`"${from}" occurs ${parts.length - 1} times`);
  return parts.join(to);
}
