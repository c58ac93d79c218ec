// What the portal writes into a thread for a person (a hand-in, a review) is kept as a fact: its
// action, the task and version it names; its first line is drawn when read, naming the task by its
// title now. The body keeps only what the person wrote (the note, the comment).
import { paramsOf } from "./trail-facts";

export type MessageAction = "handed-in" | "approved" | "changes-requested";

export interface MessageFact {
  action: MessageAction;
  task: string;
  /** The task's title when the message was written: its name when it has none now. */
  title: string;
  version: number;
}

const OPENINGS: Record<MessageAction, (title: string, version: number) => string> = {
  "handed-in": (title, version) => `Handed in “${title}” for review (version ${version}).`,
  approved: (title, version) => `Approved “${title}” (version ${version}).`,
  "changes-requested": (title, version) => `Changes requested on “${title}” (version ${version}):`,
};

/** The message's text: the fact's line (its task by `title`, else as it was), then `note`. */
export function messageText(fact: MessageFact, note: string, title = fact.title): string {
  const line = OPENINGS[fact.action](title, fact.version);
  return note ? `${line}\n\n${note}` : line;
}

export const messageParams = ({ task, title, version }: MessageFact) =>
  JSON.stringify({ task, title, version });

/** The fact stored as `action` and `params`; undefined when they are not one (the body stands). */
export function storedMessageFact(
  action: string | null,
  params: string | null,
): MessageFact | undefined {
  if (action === null || !Object.hasOwn(OPENINGS, action)) return undefined;
  const raw = paramsOf(params);
  const { task, title, version } = raw ?? {};
  if (typeof task !== "string" || typeof title !== "string") return undefined;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) return undefined;
  return { action: action as MessageAction, task, title, version };
}
