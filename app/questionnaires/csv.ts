// A form's handed-in answers as a CSV file for a spreadsheet: RFC 4180 quoting, CRLF line ends and
// a UTF-8 byte order mark, every cell made safe to open (none is read as a formula).
import type { QuestionContent } from "~/programme/model";
import { answerText, type Answer } from "./answers";

/** One hand-in of the form: who, which version and when, and its answers (files by their names). */
export interface AnswersRow {
  client: string;
  version: number;
  submittedAt: string;
  submittedBy: string;
  answers: Record<string, Answer>;
}

/** What a spreadsheet may read as the start of a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a value a spreadsheet would read as a formula is given a leading apostrophe (so it
 * shows as text), then the cell is quoted if it holds a comma, a quote or a line end.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(cells: string[]): string {
  return cells.map(csvCell).join(",");
}

/**
 * The answers of each hand-in under a header of the questions' labels, one row a hand-in, in the
 * order given; an unanswered question is an empty cell.
 */
export function answersCsv(questions: QuestionContent[], rows: AnswersRow[]): string {
  const header = csvLine([
    "Client",
    "Version",
    "Submitted at",
    "Submitted by",
    ...questions.map((question) => question.label),
  ]);
  const lines = rows.map((row) =>
    csvLine([
      row.client,
      String(row.version),
      row.submittedAt,
      row.submittedBy,
      ...questions.map((question) =>
        answerText(
          question,
          Object.hasOwn(row.answers, question.id) ? row.answers[question.id] : undefined,
        ),
      ),
    ]),
  );
  return `\uFEFF${[header, ...lines].map((line) => `${line}\r\n`).join("")}`;
}
