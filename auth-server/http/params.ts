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

/** An object field (metadata); null or absent gives undefined. */
export function objectField(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value))
    wrongType(field, "map[string]interface {}", value);
  return value as JsonObject;
}
