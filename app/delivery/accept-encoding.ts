// Content negotiation for compressed answers, shared by the server's precompressed assets and the
// page renderer: reads Accept-Encoding (q-values, `*`, refusals) and picks brotli, gzip or the
// bytes as they are.

export type Encoding = "br" | "gzip" | "identity";

/** The server's order of preference among equally acceptable encodings. */
const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];

/**
 * Accept-Encoding as a map of lower-case coding → q-value (0 to 1). Malformed q-values count as
 * 0 (refused), as a client that wrote them cannot be relied on to decode that coding.
 */
export function parseAcceptEncoding(header: string | undefined): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(.*)$/i.exec(param);
      if (!match) continue;
      const value = match[1] ?? "";
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    codings.set(name.toLowerCase(), q);
  }
  return codings;
}

/**
 * The encoding to send, among `available`: the compressed form with the highest q-value the
 * client gives, ties going to br, then gzip. A coding the header does not name takes the q of `*`
 * if present. Identity is the fallback; it wins only when the header names it (or `*`) with a
 * higher q than every compressed coding. No header at all gets identity. When the client refuses
 * everything, identity is still sent: a readable answer beats a 406.
 */
export function chooseEncoding(
  header: string | null | undefined,
  available: readonly Encoding[],
): Encoding {
  if (header === undefined || header === null) return "identity";
  const codings = parseAcceptEncoding(header);
  const wildcard = codings.get("*");
  const qOf = (encoding: Encoding) =>
    codings.get(encoding) ??
    (encoding === "gzip" ? codings.get("x-gzip") : undefined) ??
    wildcard ??
    0;
  let best: Encoding = "identity";
  let bestQ = 0;
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) continue;
    const q = qOf(encoding);
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}
