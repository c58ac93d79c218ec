// The kinds of file that may be shared, told from their bytes: a name's extension claims a kind on
// the list, and the file's head must be that kind (text: UTF-8 with no NUL and no markup), or the
// file is refused; only sniffed images and PDFs may ever open in the browser (decision 056).
import { fileTypeFromBuffer } from "file-type";

/** How many of a file's first bytes are read to tell its kind (the rest is not looked at). */
export const SNIFF_BYTES = 64 * 1024;

export type FileKind =
  "document" | "spreadsheet" | "slides" | "image" | "audio" | "video" | "text" | "archive";

interface AllowedFormat {
  kind: FileKind;
  /** What the name's extension claims, in words with an article: "a PDF". */
  claim: string;
  /** The Content-Type it is stored and served with. */
  mime: string;
  /** The extensions (lower case) that claim it. */
  extensions: readonly string[];
  /** What file-type may find in its bytes; "text" for a format with no magic number. */
  sniffed: readonly string[] | "text";
}

const TEXT = "text";
const OOXML = "application/vnd.openxmlformats-officedocument";
const OPEN_DOCUMENT = "application/vnd.oasis.opendocument";

function allow(
  kind: FileKind,
  claim: string,
  mime: string,
  extensions: readonly string[],
  sniffed: readonly string[] | "text" = extensions,
): AllowedFormat {
  return { kind, claim, mime, extensions, sniffed };
}

const ALLOWED: readonly AllowedFormat[] = [
  allow("document", "a PDF", "application/pdf", ["pdf"]),
  // Word, Excel and PowerPoint 97–2003 files are all Compound Files to file-type.
  allow("document", "a Word document", "application/msword", ["doc"], ["cfb"]),
  allow("document", "a Word document", `${OOXML}.wordprocessingml.document`, ["docx"]),
  allow("document", "an OpenDocument text", `${OPEN_DOCUMENT}.text`, ["odt"]),
  allow("document", "an RTF document", "application/rtf", ["rtf"]),
  allow("spreadsheet", "an Excel spreadsheet", "application/vnd.ms-excel", ["xls"], ["cfb"]),
  allow("spreadsheet", "an Excel spreadsheet", `${OOXML}.spreadsheetml.sheet`, ["xlsx"]),
  allow("spreadsheet", "an OpenDocument spreadsheet", `${OPEN_DOCUMENT}.spreadsheet`, ["ods"]),
  allow("spreadsheet", "a CSV file", "text/csv; charset=utf-8", ["csv"], TEXT),
  allow("slides", "a PowerPoint presentation", "application/vnd.ms-powerpoint", ["ppt"], ["cfb"]),
  allow("slides", "a PowerPoint presentation", `${OOXML}.presentationml.presentation`, ["pptx"]),
  allow("slides", "an OpenDocument presentation", `${OPEN_DOCUMENT}.presentation`, ["odp"]),
  // An animated PNG is still a PNG to every viewer.
  allow("image", "a PNG image", "image/png", ["png"], ["png", "apng"]),
  allow("image", "a JPEG image", "image/jpeg", ["jpg", "jpeg"], ["jpg"]),
  allow("image", "a GIF image", "image/gif", ["gif"]),
  allow("image", "a WebP image", "image/webp", ["webp"]),
  allow("image", "a HEIC image", "image/heic", ["heic"]),
  allow("image", "a HEIF image", "image/heif", ["heif"], ["heic"]),
  allow("image", "an AVIF image", "image/avif", ["avif"]),
  allow("audio", "an MP3 file", "audio/mpeg", ["mp3"]),
  // Audio in an MP4 container often carries a video brand; Ogg often holds Opus.
  allow("audio", "an M4A file", "audio/mp4", ["m4a"], ["m4a", "mp4"]),
  allow("audio", "a WAV file", "audio/wav", ["wav"]),
  allow("audio", "an Ogg file", "audio/ogg", ["ogg"], ["ogg", "oga", "opus"]),
  allow("audio", "a FLAC file", "audio/flac", ["flac"]),
  allow("video", "an MP4 video", "video/mp4", ["mp4", "m4v"]),
  allow("video", "a QuickTime video", "video/quicktime", ["mov"], ["mov", "mp4"]),
  allow("video", "a WebM video", "video/webm", ["webm"]),
  allow("text", "plain text", "text/plain; charset=utf-8", ["txt"], TEXT),
  allow("text", "a Markdown file", "text/markdown; charset=utf-8", ["md", "markdown"], TEXT),
  allow("archive", "a zip archive", "application/zip", ["zip"]),
];

/** What file-type's finds are called in a refusal; any other is "a .<ext> file". */
const FOUND_NAMES: Record<string, string> = {
  pdf: "a PDF",
  cfb: "an older Microsoft Office file",
  docx: "a Word document",
  docm: "a Word document with macros",
  xlsx: "an Excel spreadsheet",
  xlsm: "an Excel spreadsheet with macros",
  pptx: "a PowerPoint presentation",
  pptm: "a PowerPoint presentation with macros",
  odt: "an OpenDocument text",
  ods: "an OpenDocument spreadsheet",
  odp: "an OpenDocument presentation",
  rtf: "an RTF document",
  png: "a PNG image",
  apng: "a PNG image",
  jpg: "a JPEG image",
  gif: "a GIF image",
  webp: "a WebP image",
  heic: "a HEIC image",
  avif: "an AVIF image",
  bmp: "a BMP image",
  tif: "a TIFF image",
  mp3: "an MP3 file",
  m4a: "an M4A file",
  wav: "a WAV file",
  ogg: "an Ogg file",
  oga: "an Ogg file",
  opus: "an Ogg file",
  flac: "a FLAC file",
  mp4: "an MP4 video",
  m4v: "an MP4 video",
  mov: "a QuickTime video",
  webm: "a WebM video",
  mkv: "a Matroska video",
  zip: "a zip archive",
  exe: "a Windows program",
  elf: "a Linux program",
  macho: "a macOS program",
  jar: "a Java program",
  apk: "an Android app",
  xml: "an XML document",
};

/** Bytes with no format file-type knows, by what the text check made of them. */
const TEXT_NAMES: Record<TextFinding, string> = {
  text: "plain text",
  markup: "markup (HTML, SVG or XML)",
  "not-text": "binary data or text not in UTF-8",
};

/** Why a file is refused: a kind off the list, bytes that are not what its name says, or none. */
export type FileKindRefusal =
  | { reason: "not-allowed" }
  | { reason: "mismatch"; claimed: string; found: string }
  | { reason: "empty" };

export type FileKindCheck =
  { ok: true; mime: string; kind: FileKind } | { ok: false; refusal: FileKindRefusal };

type TextFinding = "text" | "markup" | "not-text";

/**
 * Whether `head` is UTF-8 text with no NUL that does not open like markup (`<` after any BOM or
 * white space). A head cut short of the whole file may end inside a character.
 */
function textFinding(head: Uint8Array, complete: boolean): TextFinding {
  if (head.includes(0)) return "not-text";
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: !complete });
  } catch {
    return "not-text";
  }
  return /^\s*</.test(text) ? "markup" : "text";
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * The kind of the file named `name` whose first bytes are `head` (`complete`: the whole file), or
 * why it is refused. Its name must claim a kind on the list; a text kind is accepted on the text
 * check alone (file-type's two-byte signatures match ordinary text), any other kind only when
 * file-type finds that format in the bytes.
 */
export async function checkFileKind(
  name: string,
  head: Uint8Array,
  complete: boolean,
): Promise<FileKindCheck> {
  if (complete && head.byteLength === 0) return { ok: false, refusal: { reason: "empty" } };
  const extension = extensionOf(name);
  const claimed = ALLOWED.find((format) => format.extensions.includes(extension));
  if (!claimed) return { ok: false, refusal: { reason: "not-allowed" } };
  const text = textFinding(head, complete);
  if (claimed.sniffed === TEXT && text === "text") {
    return { ok: true, mime: claimed.mime, kind: claimed.kind };
  }
  const format = (await fileTypeFromBuffer(head))?.ext;
  if (format !== undefined && claimed.sniffed !== TEXT && claimed.sniffed.includes(format)) {
    return { ok: true, mime: claimed.mime, kind: claimed.kind };
  }
  const found =
    format === undefined ? TEXT_NAMES[text] : (FOUND_NAMES[format] ?? `a .${format} file`);
  return { ok: false, refusal: { reason: "mismatch", claimed: claimed.claim, found } };
}
