// What a stored file's Content-Type means to the pages: its kind in a word for the lists, and
// whether it may open in the browser (only sniffed images and PDFs, sandboxed; decision 056).

/** The Content-Types a browser may show in place (inside the download's sandbox). */
const OPENS_INLINE = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
]);

/** Whether a file stored as `contentType` may open in the browser rather than download. */
export function opensInline(contentType: string): boolean {
  return OPENS_INLINE.has(contentType);
}

/** The kinds of the allow-list, each told by a pattern of its Content-Types. */
const TYPE_LABELS: [RegExp, string][] = [
  [/^application\/pdf$/, "PDF"],
  [/^image\//, "Image"],
  [/^audio\//, "Audio"],
  [/^video\//, "Video"],
  [/^text\/csv|spreadsheet|ms-excel/, "Spreadsheet"],
  [/presentation|powerpoint/, "Slides"],
  [/^text\//, "Text"],
  [/wordprocessing|msword|opendocument\.text|rtf/, "Document"],
  [/^application\/zip$/, "Zip archive"],
];

/** "PDF", "Image", "Spreadsheet"…; "File" for what was stored before kinds were told. */
export function fileTypeLabel(contentType: string): string {
  return TYPE_LABELS.find(([pattern]) => pattern.test(contentType))?.[1] ?? "File";
}
