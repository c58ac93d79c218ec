// The programme file's rules as one zod schema (zod/v4-mini, so one run reports every problem:
// decision 029): each field's type and bounds and the rules across fields (sprint numbering,
// prerequisites, ids used once, where a new client starts), each refusal written for the agency.
import * as z from "zod/v4-mini";
import { CONTENT_ICON_NAMES } from "~/content/icon-names";
import { isHttpsUrl } from "./https-url";
import {
  HAND_IN_KINDS,
  LONGEST_TEXT_ANSWER,
  MAX_CHOICES,
  MAX_QUESTIONS,
  QUESTION_KINDS,
  SPRINT_STATUSES,
  TASK_OWNERS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type FormContent,
  type ProgrammeContent,
  type SprintStatus,
} from "./model";
import { parseRichText, RefusedLinkError } from "./rich-text";

export const MAX_SPRINTS = 12;
/** Titles, labels and button text. */
export const MAX_LABEL_LENGTH = 80;
/** Sprints' and objectives' descriptions, messages and list items. */
export const MAX_TEXT_LENGTH = 400;
/** A task's instructions (Markdown). */
export const MAX_INSTRUCTIONS_LENGTH = 2000;
export const MAX_LINK_LENGTH = 2048;
/** A task's due date, in days after its sprint starts. */
export const MAX_DUE_AFTER_DAYS = 366;
export const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

function text(max: number) {
  return z
    .string({ error: "must be text" })
    .check(
      z.trim(),
      z.minLength(1, "must not be empty"),
      z.maxLength(max, `must be at most ${max} characters`),
    );
}

const label = text(MAX_LABEL_LENGTH);
const longText = text(MAX_TEXT_LENGTH);

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message));
}

const percent = wholeNumber(0, 100);

/** Sprint numbers: their range depends on the sprint's place, checked across fields below. */
const sprintNumber = z.int({ error: "must be a whole number" });

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of: ${values.join(", ")}` });
}

/** A list of `noun`s: up to `max`, and at least one when `nonEmpty`. */
function list<T extends z.ZodMiniType>(element: T, noun: string, max: number, nonEmpty = false) {
  return z
    .array(element, { error: "must be a list" })
    .check(
      z.minLength(nonEmpty ? 1 : 0, `must list at least one ${noun}`),
      z.maxLength(max, `must list at most ${max} ${noun}s`),
    );
}

function fields<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, { error: "must be a set of fields (name: value)" });
}

const id = z
  .string({ error: "must be text" })
  .check(
    z.regex(
      ID_PATTERN,
      "must be an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 64 characters",
    ),
  );

const link = z
  .string({ error: "must be an https:// URL" })
  .check(
    z.maxLength(
      MAX_LINK_LENGTH,
      `must be an https:// URL of at most ${MAX_LINK_LENGTH} characters`,
    ),
    z.refine(isHttpsUrl, "must be an https:// URL"),
  );

/** Where a new client starts: not started at 0%, completed at 100%, anything while in progress. */
const start = fields({ status: oneOf(SPRINT_STATUSES), progress: percent }).check(
  z.check((payload) => {
    const { status, progress } = payload.value;
    const required = status === "completed" ? 100 : status === "not-started" ? 0 : undefined;
    if (required === undefined || progress === required) return;
    payload.issues.push({
      code: "custom",
      path: ["progress"],
      message: `must be ${required} for a sprint that starts ${status}`,
      input: progress,
    });
  }),
);

const objective = fields({ id, title: label, description: longText, progress: percent });

/**
 * A task's description with a link that is not allowed, named by the task's id; checked also when
 * the task's other fields have problems, so that one run reports them all.
 */
const refusedLink = z.check<unknown>(
  (payload) => {
    const description = field(payload.value, "description");
    // A description too long is refused for its length; it is not read for links.
    if (typeof description !== "string" || description.length > MAX_INSTRUCTIONS_LENGTH) return;
    try {
      parseRichText(description);
    } catch (error) {
      if (!(error instanceof RefusedLinkError)) throw error;
      const taskId = field(payload.value, "id");
      const task = typeof taskId === "string" ? `task "${taskId}"` : "the task";
      payload.issues.push({
        code: "custom",
        path: ["description"],
        message: `${task} ${error.message}`,
        input: description,
      });
    }
  },
  { when: () => true },
);

/** A hand-in required of a task that asks for none: refused, naming the task. */
const requiredHandInAsked = z.check<unknown>(
  (payload) => {
    if (field(payload.value, "handInRequired") !== true) return;
    const handIn = field(payload.value, "handIn");
    if (handIn === "files" || handIn === "link" || handIn === "form") return;
    payload.issues.push({
      code: "custom",
      path: ["handInRequired"],
      message: `${taskName(payload.value)} requires a hand-in but asks for none: give it handIn: files, link or form`,
      input: handIn,
    });
  },
  { when: () => true },
);

const trueOrFalse = z.boolean({ error: "must be true or false" });

/**
 * One question of a task's form; the rules that depend on its kind (which fields it may have, a
 * text's length) are the task's, below, so that they name the task.
 */
const question = z.pipe(
  fields({
    id,
    kind: oneOf(QUESTION_KINDS),
    label,
    help: z.optional(longText),
    required: z._default(trueOrFalse, false),
    choices: z.optional(
      z
        .array(label, { error: "must be a list" })
        .check(
          z.minLength(2, "must list at least 2 choices"),
          z.maxLength(MAX_CHOICES, `must list at most ${MAX_CHOICES} choices`),
        ),
    ),
    multiple: z.optional(trueOrFalse),
    maxLength: z.optional(z.int({ error: "must be a whole number" })),
    min: z.optional(z.number({ error: "must be a number" })),
    max: z.optional(z.number({ error: "must be a number" })),
  }),
  // A choice says whether several may be chosen; other kinds leave it out.
  z.transform((content) =>
    content.kind === "choice" ? { ...content, multiple: content.multiple ?? false } : content,
  ),
);

const form = fields({ questions: list(question, "question", MAX_QUESTIONS, true) });

/** `task "icp-builder"`, or "the task" when its id is not text. */
function taskName(task: unknown): string {
  const taskId = field(task, "id");
  return typeof taskId === "string" ? `task "${taskId}"` : "the task";
}

/** Where a question field is allowed: the kinds that may have it, and how they are named. */
const KIND_ONLY_FIELDS = [
  ["choices", ["choice"], "kind: choice"],
  ["multiple", ["choice"], "kind: choice"],
  ["maxLength", ["short-text", "long-text"], "kind: short-text or long-text"],
  ["min", ["number"], "kind: number"],
  ["max", ["number"], "kind: number"],
] as const;

/** What is wrong with the questions of a task's form across their fields, at each one's path. */
function questionIssues(task: unknown): CrossFieldIssue[] {
  const issues: CrossFieldIssue[] = [];
  const name = taskName(task);
  /** Each question id used so far in this form. */
  const ids = new Set<string>();
  entries(field(field(task, "form"), "questions")).forEach((question, index) => {
    const at = (...path: (string | number)[]) => ["form", "questions", index, ...path];
    const questionId = field(question, "id");
    const asked =
      typeof questionId === "string" ? `question "${questionId}"` : `question ${index + 1}`;
    const push = (path: (string | number)[], message: string) =>
      issues.push({ path: at(...path), message: `${name} ${asked} ${message}` });

    if (typeof questionId === "string") {
      if (ids.has(questionId)) {
        issues.push({
          path: at("id"),
          message: `${name} asks question "${questionId}" twice: give each question its own id`,
        });
      }
      ids.add(questionId);
    }

    const kind = QUESTION_KINDS.find((known) => known === field(question, "kind"));
    if (kind === undefined) return;
    for (const [key, kinds, allowed] of KIND_ONLY_FIELDS) {
      if (field(question, key) === undefined || (kinds as readonly string[]).includes(kind)) {
        continue;
      }
      push([key], `is ${kind}: ${key} is only for ${allowed}`);
    }

    const choices = field(question, "choices");
    if (kind === "choice" && choices === undefined) {
      push(["kind"], "is a choice: give it choices, the options to choose from");
    }
    if (kind === "choice") {
      const listed = new Set<string>();
      entries(choices).forEach((choice, position) => {
        if (typeof choice !== "string") return;
        const trimmed = choice.trim();
        if (listed.has(trimmed)) push(["choices", position], `lists "${trimmed}" twice`);
        listed.add(trimmed);
      });
    }

    const maxLength = field(question, "maxLength");
    if ((kind === "short-text" || kind === "long-text") && Number.isInteger(maxLength)) {
      const longest = LONGEST_TEXT_ANSWER[kind];
      if ((maxLength as number) < 1 || (maxLength as number) > longest) {
        push(["maxLength"], `is ${kind}: its maxLength must be from 1 to ${longest}`);
      }
    }

    const min = field(question, "min");
    const max = field(question, "max");
    if (kind === "number" && typeof min === "number" && typeof max === "number" && min > max) {
      push(["max"], `cannot have a max (${max}) below its min (${min})`);
    }
  });
  return issues;
}

/**
 * A task's form and its hand-in agree (a form is handed in as "form", and "form" needs a form),
 * and its questions obey the rules across their fields; refusals name the task and the question.
 * Read from the task as written: a parsed task leaves out an optional field that has a problem.
 */
const formRules = z.unknown().check(
  z.check((payload) => {
    const task = payload.value;
    const handIn = field(task, "handIn") ?? "nothing";
    const given = field(task, "form");
    const issues: CrossFieldIssue[] = [];
    const known = HAND_IN_KINDS.some((kind) => kind === handIn);
    if (given !== undefined && given !== null && known && handIn !== "form") {
      issues.push({
        path: ["form"],
        message: `${taskName(task)} has a form but hands in ${String(handIn)}: give it handIn: form, or remove the form`,
      });
    }
    if (handIn === "form" && given === undefined) {
      issues.push({
        path: ["handIn"],
        message: `${taskName(task)} hands in a form but has none: give it a form with its questions`,
      });
    }
    issues.push(...questionIssues(task));
    // Each one lets the task's fields be checked too, so that one run reports every problem.
    for (const issue of issues) {
      payload.issues.push({ code: "custom", input: task, continue: true, ...issue });
    }
  }),
);

const task = z.pipe(
  formRules,
  z.pipe(
    fields({
      id,
      title: label,
      priority: oneOf(TASK_PRIORITIES),
      link: z.optional(link),
      status: oneOf(TASK_STATUSES),
      description: z.optional(text(MAX_INSTRUCTIONS_LENGTH)),
      handIn: z._default(oneOf(HAND_IN_KINDS), "nothing"),
      handInRequired: z._default(trueOrFalse, false),
      owner: z._default(oneOf(TASK_OWNERS), "client"),
      dueAfterDays: z.optional(wholeNumber(0, MAX_DUE_AFTER_DAYS)),
      form: z.optional(form),
    }).check(refusedLink, requiredHandInAsked),
    // Parsed at start-up, so that no page parses Markdown while it answers.
    z.transform((content) => ({
      ...content,
      instructions: content.description === undefined ? [] : parseRichText(content.description),
    })),
  ),
);

/**
 * One task's form alone, as staff write it for one client (`{ questions: [...] }`), by the file's
 * rules; its problems are at paths under "form" and name the task.
 */
export function taskFormSchema(taskId: string): z.ZodMiniType<FormContent> {
  return z.pipe(
    z.pipe(
      z.unknown(),
      z.transform((given): unknown => ({ id: taskId, handIn: "form", form: given })),
    ),
    z.pipe(
      z.pipe(formRules, fields({ id, handIn: oneOf(HAND_IN_KINDS), form })),
      z.transform((task): FormContent => task.form),
    ),
  );
}

const summaryList = fields({ title: label, items: list(longText, "item", 20, true) });

const sprint = fields({
  id: sprintNumber,
  title: label,
  description: longText,
  icon: oneOf(CONTENT_ICON_NAMES),
  weeks: wholeNumber(1, 52),
  countdownDays: wholeNumber(1, 366),
  requires: list(sprintNumber, "sprint", MAX_SPRINTS),
  start,
  objectives: list(objective, "objective", 12),
  tasks: list(task, "task", 50),
  summary: list(summaryList, "list", 6),
  locked: fields({ title: label, message: longText, action: label }),
});

interface CrossFieldIssue {
  path: (string | number)[];
  message: string;
}

/**
 * One field of a value that may be anything: the rules across fields also run on a file that has
 * other problems, so that one run reports them all.
 */
function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function entries(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function startStatus(sprint: unknown): SprintStatus | undefined {
  const status = field(field(sprint, "start"), "status");
  return SPRINT_STATUSES.find((known) => known === status);
}

/** What is wrong with sprint `number` requiring `requirement`, given those it already requires. */
function requirementProblem(
  requirement: number,
  number: number,
  required: ReadonlySet<number>,
): string | undefined {
  if (number === 1) return "sprint 1 cannot require another sprint";
  if (requirement < 1 || requirement >= number) {
    return `must be an earlier sprint (1 to ${number - 1})`;
  }
  if (required.has(requirement)) return `repeats sprint ${requirement}`;
  return undefined;
}

const ITEM_KINDS = [
  ["objectives", "an objective"],
  ["tasks", "a task"],
] as const;

/**
 * The rules across sprints: ids count 1, 2, 3… in order; a sprint requires only earlier sprints,
 * each once; objective and task ids are used once in the whole programme (a client's progress is
 * recorded against them); and a sprint starts in progress or completed only if every sprint it
 * requires starts completed, so that a new client's programme obeys the unlocking rules.
 */
function crossFieldIssues(programme: unknown): CrossFieldIssue[] {
  const issues: CrossFieldIssue[] = [];
  const sprints = entries(field(programme, "sprints"));
  /** Each id used so far, and what it names ("the id of a task in sprint 2"). */
  const idOwners = new Map<string, string>();
  sprints.forEach((sprint, index) => {
    const number = index + 1;
    const at = (...path: (string | number)[]) => ["sprints", index, ...path];

    const id = field(sprint, "id");
    if (Number.isInteger(id) && id !== number) {
      issues.push({
        path: at("id"),
        message: `must be ${number}: sprint ids count up from 1 in the order the sprints are listed`,
      });
    }

    const required = new Set<number>();
    entries(field(sprint, "requires")).forEach((requirement, position) => {
      if (typeof requirement !== "number" || !Number.isInteger(requirement)) return;
      const message = requirementProblem(requirement, number, required);
      if (message) issues.push({ path: at("requires", position), message });
      else required.add(requirement);
    });

    for (const [kind, noun] of ITEM_KINDS) {
      entries(field(sprint, kind)).forEach((item, position) => {
        const itemId = field(item, "id");
        if (typeof itemId !== "string") return;
        const owner = idOwners.get(itemId);
        if (owner) {
          issues.push({
            path: at(kind, position, "id"),
            message: `"${itemId}" is already ${owner}`,
          });
        } else idOwners.set(itemId, `the id of ${noun} in sprint ${number}`);
      });
    }

    const status = startStatus(sprint);
    if (status !== "in-progress" && status !== "completed") return;
    for (const requirement of required) {
      const requiredStatus = startStatus(sprints[requirement - 1]);
      if (requiredStatus === undefined || requiredStatus === "completed") continue;
      issues.push({
        path: at("start", "status"),
        message: `cannot be ${status}: the sprint requires sprint ${requirement}, which starts ${requiredStatus}`,
      });
    }
  });
  return issues;
}

export const programmeSchema: z.ZodMiniType<ProgrammeContent> = z
  .strictObject(
    {
      name: z.optional(label),
      overallProgress: percent,
      sprints: list(sprint, "sprint", MAX_SPRINTS, true),
    },
    { error: "the file must hold the programme's fields (overallProgress, sprints)" },
  )
  .check(
    z.check(
      (payload) => {
        for (const issue of crossFieldIssues(payload.value)) {
          payload.issues.push({ code: "custom", input: payload.value, ...issue });
        }
      },
      // Also when other fields have problems, so that one run reports everything.
      { when: () => true },
    ),
  );
