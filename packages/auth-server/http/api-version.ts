// Which of GoTrue's two error formats a request asked for, by its X-Supabase-Api-Version header.

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024 = "2024-01-01";

/** GoTrue's DetermineClosestAPIVersion: a valid date on/after 2024-01-01 selects the 2024 format. */
export function apiVersionOf(header: string | undefined): typeof API_VERSION_2024 | undefined {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header.trim())) return undefined;
  const date = new Date(`${header.trim()}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== header.trim()) {
    return undefined;
  }
  return header.trim() >= API_VERSION_2024 ? API_VERSION_2024 : undefined;
}
