// A gzip answer made of pieces compressed once and short gaps written per answer as stored blocks,
// so a page that differs per answer in a few bytes is not compressed again for each (decision 066).
// Valid only while each gap keeps the width it had when the pieces were compressed.
import { promisify } from "node:util";
import { constants as zlib, crc32, deflateRaw } from "node:zlib";

const deflateOnce = promisify(deflateRaw);

/** The gzip member header: deflate, no name or time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Deflate looks back at most this far: the rest of a dictionary is never used. */
const WINDOW_BYTES = 32 * 1024;
/** A gap's placeholder byte while the pieces after it are compressed: no page holds it. */
const PLACEHOLDER = 0;

/** `bytes` as a non-final stored deflate block; the stream is at a byte boundary before it. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

export class SplicedGzip {
  private constructor(
    private readonly pieces: readonly Buffer[],
    private readonly compressed: readonly Buffer[],
    private readonly gapWidths: readonly number[],
  ) {}

  /**
   * `pieces` (one more than the gaps) compressed once, each ending at a byte boundary and the last
   * ending the stream; each piece may refer back to the ones before it, never into a gap (whose
   * placeholder no page holds). Later answers' gaps keep the widths of `gaps`, as they are now.
   * Null when a piece holds the placeholder byte after all.
   */
  static async of(pieces: readonly Buffer[], gaps: readonly Buffer[]): Promise<SplicedGzip | null> {
    if (pieces.some((piece) => piece.includes(PLACEHOLDER))) return null;
    const gapWidths = gaps.map((gap) => gap.length);
    const compressed: Buffer[] = [];
    let before = Buffer.alloc(0);
    for (const [i, piece] of pieces.entries()) {
      const last = i === pieces.length - 1;
      compressed.push(
        await deflateOnce(piece, {
          level: zlib.Z_BEST_COMPRESSION,
          ...(before.length > 0 ? { dictionary: before.subarray(-WINDOW_BYTES) } : {}),
          finishFlush: last ? zlib.Z_FINISH : zlib.Z_SYNC_FLUSH,
        }),
      );
      if (!last) {
        const gap = Buffer.alloc(gapWidths[i]!, PLACEHOLDER);
        before = Buffer.concat([before, piece, gap]).subarray(-WINDOW_BYTES);
      }
    }
    return new SplicedGzip(pieces, compressed, gapWidths);
  }

  /** The gzip answer with `gaps` between the pieces; null when a gap's width is not the one kept. */
  answer(gaps: readonly Buffer[]): Buffer | null {
    if (gaps.some((gap, i) => gap.length !== this.gapWidths[i])) return null;
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    for (const [i, piece] of this.pieces.entries()) {
      parts.push(this.compressed[i]!);
      crc = crc32(piece, crc);
      size += piece.length;
      const gap = gaps[i];
      if (gap === undefined) continue;
      parts.push(storedBlock(gap));
      crc = crc32(gap, crc);
      size += gap.length;
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    parts.push(trailer);
    return Buffer.concat(parts);
  }
}
