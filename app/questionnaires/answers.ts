// A task form's answers as posted: each question's field read by its kind, cleaned and checked
// against the question, with a plain message for each answer refused. Runs in the browser too.
import { MAX_QUESTIONS, type QuestionContent } from "~/programme/model";
import { withoutFormatControls } from "~/forms/validation";

/** A choice with `multiple`: the options chosen; every other kind: text (a file: its stored id). */
export type Answer = string | string[];

/** A text question's maxLength when the programme file sets none. */
export const DEFAULT_MAX_LENGTH: Record<"short-text" | "long-text", number> = {
  "short-text": 200,
  "long-text": 5000,
};
export const MAX_URL_LENGTH = 2048;
/** Longer than this, a number is refused before it is read. */
const MAX_NUMBER_LENGTH = 40;
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

export const FIELD_PREFIX = "q-";

/** The name of the form field a question's answer is posted in. */
export function fieldName(questionId: string): string {
  return `${FIELD_PREFIX}${questionId}`;
}

export interface ReadAnswers {
  /** The answers that pass, by question id; an empty answer is left out. */
  answers: Record<string, Answer>;
  /** What is wrong with each refused answer, by question id. */
  errors: Record<string, string>;
  /** A refused answer as typed (cleaned and cut short), so that the form can show it again. */
  typed: Record<string, Answer>;
}

type Reading = { answer: Answer } | { error: string; typed?: Answer } | null;

/** Control characters and lone surrogates. */
const INVISIBLE = /[\p{Cc}\p{Cs}]/gu;
const INVISIBLE_BUT_LINES = /[^\P{Cc}\n\t]|\p{Cs}/gu;

/**
 * The text of a text answer: line ends as \n, no control characters or format controls (the
 * joiners emoji and scripts are written with stay), trimmed.
 */
function cleanText(value: string, multiline: boolean): string {
  const lines = value.replace(/\r\n?/g, "\n");
  const cleaned = multiline
    ? lines.replace(INVISIBLE_BUT_LINES, "")
    : // In one line, a line break or tab pasted in separates words.
      lines.replace(/[\n\t]+/g, " ").replace(INVISIBLE, "");
  return withoutFormatControls(cleaned).trim();
}

/** What is kept of an answer refused as too long: enough to see it and cut it down. */
function cutShort(value: string, limit: number): string {
  return value.slice(0, limit * 2);
}

function readText(
  question: QuestionContent,
  value: string,
  kind: "short-text" | "long-text",
): Reading {
  const limit = question.maxLength ?? DEFAULT_MAX_LENGTH[kind];
  // A value far past the limit is cut before it is cleaned, so that its size costs nothing.
  const text = cleanText(value.slice(0, limit * 4), kind === "long-text");
  if (text === "") return null;
  if (text.length > limit || value.length > limit * 4) {
    return { error: `At most ${limit} characters.`, typed: cutShort(text, limit) };
  }
  return { answer: text };
}

/** A number's bounds in words: "from 0 to 100", "of at least 0"; empty without bounds. */
function boundsText({ min, max }: QuestionContent): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return "";
}

/**
 * A number as written by hand: an optional sign, digits (in groups of three separated by spaces,
 * if wished) and one decimal comma or point.
 */
const NUMBER = /^([+-]?)(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?$/;
/**
 * "1,500", "2.000" or "1,000.50": written with a thousands separator, or with one that cannot be
 * told from a decimal one.
 */
const THOUSANDS = /^[+-]?[1-9]\d{0,2}(?:[.,]\d{3})+(?:[.,]\d+)?$/;

function readNumber(question: QuestionContent, value: string): Reading {
  const text = cleanText(value.slice(0, MAX_NUMBER_LENGTH * 4), false);
  if (text === "") return null;
  const typed = text.slice(0, MAX_NUMBER_LENGTH);
  const bounded = `Enter a number${boundsText(question)}.`;
  if (text.length > MAX_NUMBER_LENGTH) return { error: bounded, typed };
  if (THOUSANDS.test(text)) {
    return {
      error: "Enter the number without a thousands separator, for example 2500 or 2.5.",
      typed,
    };
  }
  const parts = NUMBER.exec(text);
  if (!parts) return { error: bounded, typed };
  const [, sign = "", whole = "", fraction] = parts;
  const digits = whole.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  const written = `${sign === "-" ? "-" : ""}${digits}${fraction === undefined ? "" : `.${fraction}`}`;
  const number = Number(written);
  if (!Number.isFinite(number)) return { error: bounded, typed };
  const { min, max } = question;
  if ((min !== undefined && number < min) || (max !== undefined && number > max)) {
    return { error: bounded, typed };
  }
  return { answer: number === 0 ? "0" : written };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function readDate(value: string): Reading {
  const text = cleanText(value.slice(0, 40), false);
  if (text === "") return null;
  const typed = text.slice(0, 10);
  const parts = DATE.exec(text);
  if (!parts) return { error: "Enter a date as year-month-day, for example 2026-03-31.", typed };
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  // Checked first: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    return { error: `Enter a date from the year ${FIRST_YEAR} to ${LAST_YEAR}.`, typed };
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return { error: "Enter a date that exists, for example 2026-03-31.", typed };
  return { answer: text };
}

/** Whether `text` is an http:// or https:// address with a host and no user name or password. */
function isWebAddress(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.hostname !== "" &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

function readUrl(value: string): Reading {
  const text = cleanText(value.slice(0, MAX_URL_LENGTH * 4), false);
  if (text === "") return null;
  const typed = cutShort(text, MAX_URL_LENGTH);
  if (text.length > MAX_URL_LENGTH) {
    return { error: `At most ${MAX_URL_LENGTH} characters.`, typed };
  }
  if (!isWebAddress(text)) {
    return { error: "Enter a web address starting with https://.", typed };
  }
  return { answer: text };
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readFile(value: string): Reading {
  const text = value.trim();
  if (text === "") return null;
  if (!FILE_ID.test(text)) return { error: "Upload the file again, please." };
  return { answer: text.toLowerCase() };
}

function readChoice(question: QuestionContent, values: string[]): Reading {
  const choices = question.choices ?? [];
  const given = (question.multiple ? values : values.slice(0, 1)).filter((value) => value !== "");
  if (given.length === 0) return null;
  // Each option chosen once: more values than twice the options is no browser's.
  const chosen = given.length > choices.length * 2 ? null : [...new Set(given)];
  const known = chosen?.filter((value) => choices.includes(value)) ?? [];
  if (chosen === null || known.length !== chosen.length) {
    return { error: "Choose from the list.", typed: question.multiple ? known : (known[0] ?? "") };
  }
  return { answer: question.multiple ? known : (known[0] as string) };
}

function readOne(question: QuestionContent, values: string[]): Reading {
  // Every kind but a multiple choice takes one value: the first posted.
  if (question.kind === "choice") return readChoice(question, values);
  const first = values[0];
  if (first === undefined) return null;
  switch (question.kind) {
    case "short-text":
    case "long-text":
      return readText(question, first, question.kind);
    case "number":
      return readNumber(question, first);
    case "date":
      return readDate(first);
    case "url":
      return readUrl(first);
    case "file":
      return readFile(first);
  }
}

/**
 * The answers in a posted form (each field's values, as FormData.getAll gives them): only the
 * fields of `questions` are read (`q-<id>`), each by its question's kind; anything else posted is
 * ignored, and a value that is not text counts as not given. An empty answer is no answer and no
 * error: whether a required question has one is checked on hand-in, by missingRequired.
 */
export function readAnswers(
  questions: QuestionContent[],
  posted: Record<string, string[]>,
): ReadAnswers {
  const answers: Record<string, Answer> = {};
  const errors: Record<string, string> = {};
  const typed: Record<string, Answer> = {};
  for (const question of questions.slice(0, MAX_QUESTIONS)) {
    const name = fieldName(question.id);
    const field: unknown = Object.hasOwn(posted, name) ? posted[name] : undefined;
    const values = (Array.isArray(field) ? field : [field]).filter(
      (value): value is string => typeof value === "string",
    );
    const reading = readOne(question, values);
    if (reading === null) continue;
    if ("answer" in reading) answers[question.id] = reading.answer;
    else {
      errors[question.id] = reading.error;
      if (reading.typed !== undefined && reading.typed.length > 0) {
        typed[question.id] = reading.typed;
      }
    }
  }
  return { answers, errors, typed };
}

/** Whether `answer` says something: text that is not empty, or at least one option chosen. */
function isGiven(answer: Answer | undefined): answer is Answer {
  return answer !== undefined && answer.length > 0;
}

/** The required questions without an answer, each with its message, by question id. */
export function missingRequired(
  questions: QuestionContent[],
  answers: Record<string, Answer>,
): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const question of questions) {
    const answer = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (question.required && !isGiven(answer)) {
      missing[question.id] = "This question needs an answer.";
    }
  }
  return missing;
}

/** An answer as a reader reads it: the options chosen joined by commas; empty when absent. */
export function answerText(_question: QuestionContent, answer: Answer | undefined): string {
  if (answer === undefined) return "";
  return typeof answer === "string" ? answer : answer.join(", ");
}
