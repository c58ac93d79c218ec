// Typed reads of JSON body fields; a wrong type is a 400 bad_json, like Go's json.Unmarshal into a struct.
import { badRequest } from "./errors";
import type { JsonObject } from "./request";

function wrongType(field: string, expected: string, value: unknown): never {
  const got = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  throw badRequest(
    "bad_json",
    `Could not parse request body as JSON: json: cannot unmarshal ${got} into field ${field} of type ${expected}`,
  );
}

/** A string field; null or absent gives undefined. */
export function stringField(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") wrongType(field, "string", value);
  return value;
}

export function booleanField(body: JsonObject, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") wrongType(field, "bool", value);
  return value;
}

/** Deepest nesting accepted in metadata: plenty for real profiles, far from any recursion limit. */
export const MAX_METADATA_DEPTH = 16;
/** Largest metadata accepted, as JSON: it travels in every access token (and cookie). */
export const MAX_METADATA_BYTES = 16 * 1024;

/** Nesting depth of a JSON value, walked without recursion so hostile depth cannot overflow. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_METADATA_DEPTH) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** An object field (metadata); null or absent gives undefined; too deep or too big is 400. */
export function objectField(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value))
    wrongType(field, "map[string]interface {}", value);
  if (depthOf(value) > MAX_METADATA_DEPTH) {
    throw badRequest(
      "validation_failed",
      `${field} is nested too deeply (at most ${MAX_METADATA_DEPTH} levels)`,
    );
  }
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_METADATA_BYTES) {
    throw badRequest(
      "validation_failed",
      `${field} is too large (at most ${MAX_METADATA_BYTES} bytes as JSON)`,
    );
  }
  return value as JsonObject;
}
