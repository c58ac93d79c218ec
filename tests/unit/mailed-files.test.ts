// Files a reply by mail brings: checked as an upload's are, in the upload's words; a signature's
// picture is part of the mail; each kept file is in the store whole.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Attachment } from "mailparser";
import { describe, expect, it } from "vitest";
import { diskFileStore } from "~/files/store.server";
import { keepAttachments } from "~/inbound/attachments.server";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const MB = 1024 * 1024;

const attached = (filename: string, content: Buffer, related = false) =>
  ({
    filename,
    content,
    related,
    contentDisposition: related ? "inline" : "attachment",
  }) as Attachment;

describe("files sent with a reply", () => {
  it("keeps those within the limits and names the others with why, in the upload's words", async () => {
    const store = diskFileStore(mkdtempSync(join(tmpdir(), "mailed-files-")));
    const big = Buffer.concat([PDF, Buffer.alloc(MB)]);
    const { kept, refused } = await keepAttachments(
      [
        attached("logo.png", PDF, true),
        attached("brief.pdf", PDF),
        attached("big.pdf", big),
        attached("notes.pdf", PDF),
        attached("fake.pdf", Buffer.from("plain words")),
      ],
      store,
      { maxFileBytes: MB, maxFiles: 1 },
    );
    expect(kept.map((file) => file.name)).toEqual(["brief.pdf"]);
    expect(refused).toEqual([
      "“big.pdf”: A file can be up to 1 MB.",
      "“notes.pdf”: Send one file at a time.",
      "“fake.pdf”: Send one file at a time.",
    ]);
    const stored = await store.read(kept[0]!.key);
    expect(Buffer.concat(await stored!.stream.toArray())).toEqual(PDF);
  });

  it("refuses a file whose bytes are not what its name says", async () => {
    const store = diskFileStore(mkdtempSync(join(tmpdir(), "mailed-files-")));
    const { kept, refused } = await keepAttachments(
      [attached("fake.pdf", Buffer.from("plain words"))],
      store,
      { maxFileBytes: MB, maxFiles: 5 },
    );
    expect(kept).toEqual([]);
    expect(refused).toEqual(["“fake.pdf” is not a PDF: its contents are plain text."]);
  });
});
