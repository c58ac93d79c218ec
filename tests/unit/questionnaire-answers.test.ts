// A task form's posted answers: each kind read, cleaned and checked, forged fields and values
// refused or ignored, oversized input refused without throwing; required questions on hand-in.
import { describe, expect, it } from "vitest";
import type { QuestionContent } from "~/programme/model";
import {
  answerText,
  DEFAULT_MAX_LENGTH,
  fieldName,
  FIELD_PREFIX,
  missingRequired,
  readAnswers,
} from "~/questionnaires/answers";

const NAME: QuestionContent = { id: "name", kind: "short-text", label: "Name", required: true };
const STORY: QuestionContent = { id: "story", kind: "long-text", label: "Story", required: false };
const SIZE: QuestionContent = {
  id: "size",
  kind: "choice",
  label: "Size",
  required: false,
  choices: ["Just me", "2–10", "More than 10"],
  multiple: false,
};
const CHANNELS: QuestionContent = {
  id: "channels",
  kind: "choice",
  label: "Channels",
  required: true,
  choices: ["LinkedIn", "YouTube", "Events"],
  multiple: true,
};
const DEAL: QuestionContent = {
  id: "deal",
  kind: "number",
  label: "Deal",
  required: false,
  min: 0,
  max: 100,
};
const COUNT: QuestionContent = { id: "count", kind: "number", label: "Count", required: false };
const STARTED: QuestionContent = { id: "started", kind: "date", label: "Started", required: false };
const SITE: QuestionContent = { id: "site", kind: "url", label: "Site", required: false };
const DOC: QuestionContent = { id: "doc", kind: "file", label: "Doc", required: false };

const FILE_ID = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b";

/** The reading of one question's field posted with `values`. */
function readOne(question: QuestionContent, ...values: string[]) {
  const { answers, errors, typed } = readAnswers([question], { [fieldName(question.id)]: values });
  return { answer: answers[question.id], error: errors[question.id], typed: typed[question.id] };
}

describe("field names", () => {
  it("are the question's id after the prefix", () => {
    expect(FIELD_PREFIX).toBe("q-");
    expect(fieldName("best-clients")).toBe("q-best-clients");
  });
});

describe("text answers", () => {
  it("are trimmed, and an empty one is no answer and no error", () => {
    expect(readOne(NAME, "  Acme Ltd \n")).toEqual({ answer: "Acme Ltd" });
    expect(readOne(NAME, "   ")).toEqual({});
    expect(readOne(NAME)).toEqual({});
  });

  it("lose control characters, bidi overrides and zero-width spaces, and keep the joiners", () => {
    expect(
      readOne(NAME, "Ac\u0000me\u0007 \u202Egnp.exe\u202C\u200B\u2066Ltd\u2069\uFEFF\u0085").answer,
    ).toBe("Acme gnp.exeLtd");
    expect(readOne(STORY, "one\u00ADtwo\u202Ethree\u001B[31m\uD800").answer).toBe(
      "onetwothree[31m",
    );
    // An emoji of several (woman, joiner, laptop) and a Persian word with a non-joiner stay whole.
    expect(readOne(NAME, "\u{1F469}\u200D\u{1F4BB} Dana").answer).toBe(
      "\u{1F469}\u200D\u{1F4BB} Dana",
    );
    expect(readOne(STORY, "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645").answer).toBe(
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
    );
  });

  it("keep new lines (as LF) and tabs in a long text, and join a short text's lines with spaces", () => {
    expect(readOne(STORY, "first\r\nsecond\rthird\n\tindented").answer).toBe(
      "first\nsecond\nthird\n\tindented",
    );
    expect(readOne(NAME, "Acme\r\nLtd\tGroup").answer).toBe("Acme Ltd Group");
  });

  it("are refused past the kind's default length, and past the question's own", () => {
    const short = DEFAULT_MAX_LENGTH["short-text"];
    expect(DEFAULT_MAX_LENGTH).toEqual({ "short-text": 200, "long-text": 5000 });
    expect(readOne(NAME, "a".repeat(short)).answer).toHaveLength(short);
    expect(readOne(NAME, "a".repeat(short + 1))).toEqual({
      error: "At most 200 characters.",
      typed: "a".repeat(short + 1),
    });
    expect(readOne(STORY, "b".repeat(5000)).answer).toHaveLength(5000);
    expect(readOne(STORY, "b".repeat(5001)).error).toBe("At most 5000 characters.");
    const brief = { ...STORY, maxLength: 10 };
    expect(readOne(brief, "0123456789").answer).toBe("0123456789");
    expect(readOne(brief, "0123456789x").error).toBe("At most 10 characters.");
    // Characters removed and line ends joined do not count.
    expect(readOne(brief, "01234\r\n5678\u200B").answer).toBe("01234\n5678");
  });

  it("refuse a megabyte without throwing, keeping only a little of it to show", () => {
    const huge = "x".repeat(1024 * 1024);
    const short = readOne(NAME, huge);
    expect(short.error).toBe("At most 200 characters.");
    expect((short.typed as string).length).toBeLessThanOrEqual(400);
    const long = readOne(STORY, `${huge}\r\n`.repeat(2));
    expect(long.error).toBe("At most 5000 characters.");
    expect((long.typed as string).length).toBeLessThanOrEqual(10_000);
    expect(readOne(SITE, `https://example.org/${huge}`).error).toBe("At most 2048 characters.");
    expect(readOne(DEAL, "9".repeat(1024 * 1024)).error).toBe("Enter a number from 0 to 100.");
    expect(readOne(STARTED, huge).error).toMatch(/^Enter a date/);
    expect(readOne(DOC, huge).error).toBe("Upload the file again, please.");
    expect(readOne(SIZE, huge).error).toBe("Choose from the list.");
  });

  it("take the first of several values", () => {
    expect(readOne(NAME, "First", "Second")).toEqual({ answer: "First" });
  });
});

describe("number answers", () => {
  it.each([
    ["42", "42"],
    ["0", "0"],
    ["-0", "0"],
    ["2.5", "2.5"],
    ["2,5", "2.5"],
    ["100", "100"],
    ["007", "7"],
    [" 99.90 ", "99.90"],
    ["0,125", "0.125"],
  ])("read %j as %j", (posted, answer) => {
    expect(readOne(DEAL, posted)).toEqual({ answer });
  });

  it("read digits grouped by spaces, and large numbers without bounds", () => {
    expect(readOne(COUNT, "12 500")).toEqual({ answer: "12500" });
    expect(readOne(COUNT, "1\u00a0000\u00a0000,75")).toEqual({ answer: "1000000.75" });
    expect(readOne(COUNT, "-3")).toEqual({ answer: "-3" });
  });

  it.each(["abc", "1e3", "0x10", "1.2.3", "12 34", "Infinity", "NaN", "$100", "1,5,"])(
    "refuse %j",
    (posted) => {
      expect(readOne(DEAL, posted)).toEqual({
        error: "Enter a number from 0 to 100.",
        typed: posted,
      });
      expect(readOne(COUNT, posted).error).toBe("Enter a number.");
    },
  );

  it("refuse a number outside the question's bounds, in words that give them", () => {
    expect(readOne(DEAL, "100.01").error).toBe("Enter a number from 0 to 100.");
    expect(readOne(DEAL, "-1").error).toBe("Enter a number from 0 to 100.");
    expect(readOne({ ...COUNT, min: 1 }, "0").error).toBe("Enter a number of at least 1.");
    expect(readOne({ ...COUNT, max: 9 }, "10").error).toBe("Enter a number of at most 9.");
  });

  it("refuse a thousands separator that could be read as a decimal one", () => {
    for (const posted of ["1,500", "2.000", "1,000,000", "1,000.50"]) {
      expect(readOne(COUNT, posted).error, posted).toBe(
        "Enter the number without a thousands separator, for example 2500 or 2.5.",
      );
    }
  });
});

describe("date answers", () => {
  it("read a real date as year-month-day", () => {
    expect(readOne(STARTED, "2026-02-28")).toEqual({ answer: "2026-02-28" });
    expect(readOne(STARTED, "2024-02-29")).toEqual({ answer: "2024-02-29" });
    expect(readOne(STARTED, "1900-01-01")).toEqual({ answer: "1900-01-01" });
    expect(readOne(STARTED, "2100-12-31")).toEqual({ answer: "2100-12-31" });
  });

  it.each(["2026-02-30", "2025-02-29", "2026-13-01", "2026-04-31", "2026-00-10"])(
    "refuse %j, which does not exist",
    (posted) => {
      expect(readOne(STARTED, posted)).toEqual({
        error: "Enter a date that exists, for example 2026-03-31.",
        typed: posted,
      });
    },
  );

  it.each(["31/03/2026", "2026-3-31", "20260331", "2026-03-31T00:00", "tomorrow"])(
    "refuse %j, not written year-month-day",
    (posted) => {
      expect(readOne(STARTED, posted).error).toBe(
        "Enter a date as year-month-day, for example 2026-03-31.",
      );
    },
  );

  it("refuse a year before 1900 or after 2100", () => {
    for (const posted of ["1899-12-31", "2101-01-01", "0001-01-01", "0099-01-01"]) {
      expect(readOne(STARTED, posted).error, posted).toBe(
        "Enter a date from the year 1900 to 2100.",
      );
    }
  });
});

describe("web address answers", () => {
  it("read an https:// or http:// address", () => {
    expect(readOne(SITE, " https://client.example.org/about?x=1 ")).toEqual({
      answer: "https://client.example.org/about?x=1",
    });
    expect(readOne(SITE, "http://client.example.org")).toEqual({
      answer: "http://client.example.org",
    });
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://example.org/file",
    "client.example.org",
    "https://",
    "https://user:secret@example.org",
    "https://exa mple.org",
    "//example.org",
  ])("refuse %j", (posted) => {
    expect(readOne(SITE, posted).error).toBe("Enter a web address starting with https://.");
  });

  it("refuse an address longer than 2048 characters", () => {
    const address = `https://example.org/${"a".repeat(2048 - 20)}`;
    expect(readOne(SITE, address).answer).toBe(address);
    expect(readOne(SITE, `${address}a`).error).toBe("At most 2048 characters.");
  });
});

describe("choice answers", () => {
  it("take one of the choices, exactly as listed", () => {
    expect(readOne(SIZE, "2–10")).toEqual({ answer: "2–10" });
    expect(readOne(SIZE, "")).toEqual({});
  });

  it("refuse a forged value, or one not written exactly as listed", () => {
    expect(readOne(SIZE, "1000+")).toEqual({ error: "Choose from the list." });
    expect(readOne(SIZE, "just me").error).toBe("Choose from the list.");
    expect(readOne(SIZE, " Just me").error).toBe("Choose from the list.");
  });

  it("take the first value of a single choice", () => {
    expect(readOne(SIZE, "Just me", "More than 10")).toEqual({ answer: "Just me" });
  });

  it("take several values of a multiple choice, each once", () => {
    expect(readOne(CHANNELS, "YouTube", "LinkedIn", "YouTube")).toEqual({
      answer: ["YouTube", "LinkedIn"],
    });
    expect(readOne(CHANNELS, "Events")).toEqual({ answer: ["Events"] });
    expect(readOne(CHANNELS)).toEqual({});
  });

  it("refuse a multiple choice with a forged value, keeping the real ones to show", () => {
    expect(readOne(CHANNELS, "LinkedIn", "<script>")).toEqual({
      error: "Choose from the list.",
      typed: ["LinkedIn"],
    });
  });

  it("refuse more values than a browser would post", () => {
    const flood = Array.from({ length: 10_000 }, () => "LinkedIn");
    expect(readOne(CHANNELS, ...flood).error).toBe("Choose from the list.");
  });
});

describe("file answers", () => {
  it("take the stored file's id", () => {
    expect(readOne(DOC, FILE_ID)).toEqual({ answer: FILE_ID });
    expect(readOne(DOC, FILE_ID.toUpperCase())).toEqual({ answer: FILE_ID });
  });

  it.each(["report.pdf", "../../etc/passwd", `${FILE_ID}x`, "3f2b8c1e9a4d4e6f8b7a1c2d3e4f5a6b"])(
    "refuse %j, which is no file's id",
    (posted) => {
      expect(readOne(DOC, posted)).toEqual({ error: "Upload the file again, please." });
    },
  );
});

describe("a posted form", () => {
  const questions = [NAME, STORY, SIZE, CHANNELS, DEAL, STARTED, SITE, DOC];

  it("is read field by field, errors and what was typed kept by question id", () => {
    const read = readAnswers(questions, {
      "q-name": ["Acme"],
      "q-story": ["We began\r\nin a garage."],
      "q-size": ["2–10"],
      "q-channels": ["LinkedIn", "Events"],
      "q-deal": ["over 9000"],
      "q-started": ["2026-02-30"],
      "q-site": ["javascript:alert(1)"],
      "q-doc": [FILE_ID],
    });
    expect(read.answers).toEqual({
      name: "Acme",
      story: "We began\nin a garage.",
      size: "2–10",
      channels: ["LinkedIn", "Events"],
      doc: FILE_ID,
    });
    expect(read.errors).toEqual({
      deal: "Enter a number from 0 to 100.",
      started: "Enter a date that exists, for example 2026-03-31.",
      site: "Enter a web address starting with https://.",
    });
    expect(read.typed).toEqual({
      deal: "over 9000",
      started: "2026-02-30",
      site: "javascript:alert(1)",
    });
  });

  it("ignores fields of questions it was not given, and any other field", () => {
    const read = readAnswers([NAME], {
      "q-name": ["Acme"],
      "q-role": ["admin"],
      "q-__proto__": ["polluted"],
      name: ["Bare name"],
      "q-constructor": ["x"],
    });
    expect(read).toEqual({ answers: { name: "Acme" }, errors: {}, typed: {} });
    expect(Object.keys(read.answers)).toEqual(["name"]);
  });

  it("does not read a field inherited by the posted object", () => {
    const posted = Object.create({ "q-name": ["Inherited"] }) as Record<string, string[]>;
    expect(readAnswers([NAME], posted).answers).toEqual({});
  });

  it("counts values that are not text, or a field that is not a list, as what they are", () => {
    const posted = {
      "q-name": [new Blob(["x"]), 42, null, "After the blob"],
      "q-story": "a lone string",
      "q-deal": [{ toString: () => "5" }],
      "q-channels": [["LinkedIn"]],
    } as unknown as Record<string, string[]>;
    const read = readAnswers([NAME, STORY, DEAL, CHANNELS], posted);
    expect(read.answers).toEqual({ name: "After the blob", story: "a lone string" });
    expect(read.errors).toEqual({});
  });

  it("reads at most 40 questions", () => {
    const many = Array.from({ length: 45 }, (_, n): QuestionContent => ({
      id: `q${n}`,
      kind: "short-text",
      label: `Question ${n}`,
      required: false,
    }));
    const posted = Object.fromEntries(many.map((question) => [fieldName(question.id), ["yes"]]));
    expect(Object.keys(readAnswers(many, posted).answers)).toHaveLength(40);
  });
});

describe("required questions", () => {
  it("each need an answer on hand-in", () => {
    const questions = [NAME, STORY, CHANNELS];
    expect(missingRequired(questions, {})).toEqual({
      name: "This question needs an answer.",
      channels: "This question needs an answer.",
    });
    expect(missingRequired(questions, { name: "Acme", channels: [] })).toEqual({
      channels: "This question needs an answer.",
    });
    expect(missingRequired(questions, { name: "Acme", channels: ["Events"] })).toEqual({});
  });

  it("are not answered by an inherited property", () => {
    const answers = Object.create({ name: "Inherited" }) as Record<string, string>;
    expect(missingRequired([NAME], answers)).toEqual({ name: "This question needs an answer." });
  });
});

describe("an answer as a reader reads it", () => {
  it("joins the options chosen, and is empty without an answer", () => {
    expect(answerText(CHANNELS, ["LinkedIn", "Events"])).toBe("LinkedIn, Events");
    expect(answerText(NAME, "Acme")).toBe("Acme");
    expect(answerText(NAME, undefined)).toBe("");
    expect(answerText(CHANNELS, [])).toBe("");
  });
});
