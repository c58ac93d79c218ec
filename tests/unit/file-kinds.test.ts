// A file's kind told from its bytes, on real (tiny) files built here: what each name may hold, the
// refusals for programs, markup, empty and renamed files, text without a magic number, the Office
// zip containers, which kinds may open in place; and the name a file is kept under.
import { describe, expect, it } from "vitest";
import { checkFileKind, SNIFF_BYTES } from "~/files/file-kinds.server";
import { fileTypeLabel, opensInline } from "~/files/file-types";
import { safeFileName } from "~/files/upload.server";

/** A 1×1 PNG, whole. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A one-page PDF with its cross-reference table, as a writer would save it. */
function pdf(): Buffer {
  const content = "BT /F1 24 Tf 20 20 Td (Hello) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 60] /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let text = "%PDF-1.4\n";
  const offsets = objects.map((object, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A zip archive of `entries`, stored (not compressed), with its central directory. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const fileName = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Word document's least parts, in the order Word writes them. */
const DOCX = zip({
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  "word/document.xml":
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    "<w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>",
});

/** An OpenDocument text: its `mimetype` entry first, stored, as the format requires. */
const ODT = zip({
  mimetype: "application/vnd.oasis.opendocument.text",
  "content.xml": '<?xml version="1.0" encoding="UTF-8"?><office:document-content/>',
});

const PLAIN_ZIP = zip({ "notes.txt": "Notes for the call." });

/** The headers of a Linux program and a Windows one (the rest of a program does not matter). */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0])]);

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0]);
/** An empty ID3 tag, then two silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz). */
const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
const MP3 = Buffer.concat([Buffer.from("ID3\x04\0\0\0\0\0\0", "latin1"), MP3_FRAME, MP3_FRAME]);

const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/dashboard")</script></svg>',
);

const whole = (name: string, bytes: Uint8Array) => checkFileKind(name, bytes, true);

describe("a file's kind, from its bytes", () => {
  it("accepts each kind under a name that says what it is", async () => {
    expect(await whole("photo.png", PNG)).toEqual({ ok: true, mime: "image/png", kind: "image" });
    expect(await whole("Photo.JPEG", JPEG)).toEqual({
      ok: true,
      mime: "image/jpeg",
      kind: "image",
    });
    expect(await whole("contract.pdf", pdf())).toEqual({
      ok: true,
      mime: "application/pdf",
      kind: "document",
    });
    expect(await whole("letter.docx", DOCX)).toEqual({
      ok: true,
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      kind: "document",
    });
    expect(await whole("letter.odt", ODT)).toMatchObject({ ok: true, kind: "document" });
    expect(await whole("assets.zip", PLAIN_ZIP)).toEqual({
      ok: true,
      mime: "application/zip",
      kind: "archive",
    });
    expect(await whole("voice memo.mp3", MP3)).toMatchObject({ ok: true, mime: "audio/mpeg" });
  });

  it("refuses programs, web pages and SVGs under their own names", async () => {
    for (const [name, bytes] of [
      ["setup.exe", EXE],
      ["tool", ELF],
      ["page.html", HTML],
      ["logo.svg", SVG],
      ["archive.tar.gz", PLAIN_ZIP],
    ] as const) {
      expect(await whole(name, bytes), name).toEqual({
        ok: false,
        refusal: { reason: "not-allowed" },
      });
    }
  });

  it("refuses bytes that are not what the name says, and says what they are", async () => {
    expect(await whole("report.pdf", PNG)).toEqual({
      ok: false,
      refusal: { reason: "mismatch", claimed: "a PDF", found: "a PNG image" },
    });
    const renamed = [
      ["invoice.pdf", EXE, "a Windows program"],
      ["invoice.pdf", ELF, "a Linux program"],
      ["report.pdf", HTML, "markup (HTML, SVG or XML)"],
      ["logo.png", SVG, "markup (HTML, SVG or XML)"],
      ["notes.txt", SVG, "markup (HTML, SVG or XML)"],
      ["notes.md", HTML, "markup (HTML, SVG or XML)"],
      ["notes.txt", EXE, "a Windows program"],
      ["photo.jpg", Buffer.from("just some words"), "plain text"],
    ] as const;
    for (const [name, bytes, found] of renamed) {
      expect(await whole(name, bytes), name).toMatchObject({
        refusal: { reason: "mismatch", found },
      });
    }
  });

  it("takes a plain zip renamed .docx for what it is, and a Word document only as .docx", async () => {
    expect(await whole("letter.docx", PLAIN_ZIP)).toEqual({
      ok: false,
      refusal: { reason: "mismatch", claimed: "a Word document", found: "a zip archive" },
    });
    expect(await whole("letter.zip", DOCX)).toEqual({
      ok: false,
      refusal: { reason: "mismatch", claimed: "a zip archive", found: "a Word document" },
    });
  });

  it("refuses a file with no bytes", async () => {
    expect(await whole("empty.txt", new Uint8Array(0))).toEqual({
      ok: false,
      refusal: { reason: "empty" },
    });
    expect(await whole("empty.pdf", new Uint8Array(0))).toMatchObject({
      refusal: { reason: "empty" },
    });
  });

  it("accepts text only when it is UTF-8 with no NUL and does not open like markup", async () => {
    const text = Buffer.from("\ufeff  Réunion — notes ✓\nBMW,3\n", "utf8");
    expect(await whole("notes.txt", text)).toEqual({
      ok: true,
      mime: "text/plain; charset=utf-8",
      kind: "text",
    });
    // "BM" opens a bitmap to file-type, and "MZ" a program: text decides for text names.
    expect(await whole("cars.csv", Buffer.from("BMW,3\nAudi,4\n"))).toMatchObject({
      ok: true,
      mime: "text/csv; charset=utf-8",
      kind: "spreadsheet",
    });
    expect(await whole("README.md", Buffer.from("MZ is a prefix.\n"))).toMatchObject({ ok: true });
    const notText = "binary data or text not in UTF-8";
    for (const bytes of [
      Buffer.from("one\0two"),
      Buffer.from("caf\xe9", "latin1"),
      Buffer.from("\ufeff \n<?xml version='1.0'?><a/>"),
    ]) {
      expect((await whole("notes.txt", bytes)).ok).toBe(false);
    }
    expect(await whole("notes.txt", Buffer.from("one\0two"))).toMatchObject({
      refusal: { found: notText },
    });
  });

  it("reads a text head cut inside a character as text, and the same bytes whole as not", async () => {
    const head = Buffer.from("✓✓✓").subarray(0, 7);
    expect(await checkFileKind("notes.txt", head, false)).toMatchObject({ ok: true });
    expect(await checkFileKind("notes.txt", head, true)).toMatchObject({ ok: false });
  });

  it("tells a kind from the head alone", async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(SNIFF_BYTES)]);
    expect(await checkFileKind("big.pdf", big.subarray(0, SNIFF_BYTES), false)).toMatchObject({
      ok: true,
      mime: "application/pdf",
    });
  });
});

describe("which kinds open in place", () => {
  it("is the sniffed images a browser shows and PDFs, nothing else", () => {
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]) {
      expect(opensInline(type), type).toBe(true);
    }
    for (const type of [
      "image/svg+xml",
      "text/html",
      "text/plain; charset=utf-8",
      "image/heic",
      "application/octet-stream",
      "video/mp4",
    ]) {
      expect(opensInline(type), type).toBe(false);
    }
  });

  it("names each stored kind in a word for the file lists", () => {
    const labels = {
      "application/pdf": "PDF",
      "image/png": "Image",
      "audio/mpeg": "Audio",
      "video/quicktime": "Video",
      "text/csv; charset=utf-8": "Spreadsheet",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Spreadsheet",
      "application/vnd.ms-powerpoint": "Slides",
      "text/markdown; charset=utf-8": "Text",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Document",
      "application/rtf": "Document",
      "application/zip": "Zip archive",
      "application/octet-stream": "File",
    };
    for (const [type, label] of Object.entries(labels))
      expect(fileTypeLabel(type), type).toBe(label);
  });
});

describe("a file's name as kept", () => {
  it("drops paths' and controls' characters, and a long one keeps its extension", () => {
    expect(safeFileName("Q3 results; draft=final.png")).toBe("Q3 results; draft=final.png");
    expect(safeFileName("..\\\\evil\u202Egnp.exe")).toBe("evilgnp.exe");
    expect(safeFileName("  ")).toBe("file");
    const long = safeFileName(`${"Very long report ".repeat(20)}.pdf`);
    expect(long.endsWith(".pdf")).toBe(true);
    expect([...long].length).toBeLessThanOrEqual(200);
    const emoji = safeFileName(`${"📄".repeat(250)}.docx`);
    expect(emoji.endsWith(".docx")).toBe(true);
    expect([...emoji].length).toBe(200);
  });
});
