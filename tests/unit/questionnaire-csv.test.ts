// The answers as CSV: a header of the questions' labels, RFC 4180 quoting, CRLF line ends and a
// byte order mark, and no cell (label, client name or answer) a spreadsheet would run as a formula.
import { describe, expect, it } from "vitest";
import type { QuestionContent } from "~/programme/model";
import { answersCsv, csvCell, type AnswersRow } from "~/questionnaires/csv";

const QUESTIONS: QuestionContent[] = [
  { id: "name", kind: "short-text", label: "Company name", required: true },
  { id: "story", kind: "long-text", label: "Your story, in short", required: false },
  {
    id: "channels",
    kind: "choice",
    label: "Channels",
    required: false,
    choices: ["LinkedIn", "Events"],
    multiple: true,
  },
  { id: "deal", kind: "number", label: "Deal size", required: false },
  { id: "doc", kind: "file", label: "Document", required: false },
];

const BOM = "\uFEFF";

describe("one CSV cell", () => {
  it("is written as it is when it needs no quotes", () => {
    expect(csvCell("Acme Ltd")).toBe("Acme Ltd");
    expect(csvCell("")).toBe("");
    expect(csvCell("3.5")).toBe("3.5");
  });

  it("is quoted when it holds a comma, a quote, a CR or a LF, its quotes doubled", () => {
    expect(csvCell("Smith, Jones & Co")).toBe('"Smith, Jones & Co"');
    expect(csvCell('The "best" clients')).toBe('"The ""best"" clients"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("carriage\rreturn")).toBe('"carriage\rreturn"');
  });

  it("starts with an apostrophe when a spreadsheet would read it as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\r=1+1")).toBe('"\'\r=1+1"');
    expect(csvCell("=1+1,2")).toBe('"\'=1+1,2"');
  });

  it("is left alone when a formula character is not its first", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("x-1")).toBe("x-1");
    expect(csvCell(" =1")).toBe(" =1");
  });
});

describe("the answers as a CSV file", () => {
  const rows: AnswersRow[] = [
    {
      client: "Acme, Inc.",
      version: 2,
      submittedAt: "2026-03-31 14:05",
      submittedBy: "ana@acme.example",
      answers: {
        name: "Acme",
        story: 'We began\nin a "garage".',
        channels: ["LinkedIn", "Events"],
        deal: "-2",
        doc: "profile.pdf",
      },
    },
    {
      client: "=cmd|' /C calc'!A0",
      version: 1,
      submittedAt: "2026-04-01 09:00",
      submittedBy: "@attacker",
      answers: { name: '=HYPERLINK("http://x","y")', deal: "+1" },
    },
  ];
  const csv = answersCsv(QUESTIONS, rows);

  it("starts with a byte order mark and ends every line with CRLF", () => {
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    // The only line feed not after a CR is the one inside the quoted story.
    expect(csv.replaceAll("\r\n", "").split("\n")).toHaveLength(2);
  });

  it("has a header of the hand-in's fields and the questions' labels, then a row a hand-in", () => {
    expect(csv).toBe(
      [
        `${BOM}Client,Version,Submitted at,Submitted by,Company name,"Your story, in short",Channels,Deal size,Document`,
        `"Acme, Inc.",2,2026-03-31 14:05,ana@acme.example,Acme,"We began\nin a ""garage"".","LinkedIn, Events",'-2,profile.pdf`,
        `'=cmd|' /C calc'!A0,1,2026-04-01 09:00,'@attacker,"'=HYPERLINK(""http://x"",""y"")",,,'+1,`,
        "",
      ].join("\r\n"),
    );
  });

  it("neutralises a label that looks like a formula", () => {
    const labelled = answersCsv([{ ...QUESTIONS[0]!, label: "=SUM(A1:A9)" }], []);
    expect(labelled).toBe(`${BOM}Client,Version,Submitted at,Submitted by,'=SUM(A1:A9)\r\n`);
  });

  it("writes an empty cell for a question not answered, and only the questions given", () => {
    const partial = answersCsv(
      [QUESTIONS[0]!],
      [{ client: "Beta", version: 1, submittedAt: "x", submittedBy: "y", answers: {} }],
    );
    expect(partial.split("\r\n")[1]).toBe("Beta,1,x,y,");
  });
});
