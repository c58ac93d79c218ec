// A list in consecutive slices of at most `size` items, in order: long lists written or read in
// parts (a statement's variables, a transaction's length).
export function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
