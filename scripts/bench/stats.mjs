// Small number helpers: percentiles and the units the table prints (1 KB = 1000 bytes).
export function percentile(values, p) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 50);

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

export function ms(value) {
  if (value === undefined || value === null || !Number.isFinite(value)) return "n/a";
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  if (value < 1) return `${value.toFixed(2)} ms`;
  return value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
}

export const count = (value) => Math.round(value).toLocaleString("en-US");

export const percent = (fraction) =>
  Number.isFinite(fraction) ? `${(fraction * 100).toFixed(1)}%` : "n/a";
