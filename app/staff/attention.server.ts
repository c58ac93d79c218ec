// "Needs attention" at the top of the console: what waits on the agency or on a client, grouped by
// kind, oldest first, each item linking to the place to act on it.
import {
  readAttention,
  waitingOnAgency,
  type AttentionItem,
  type AttentionKind,
} from "~/data/attention.server";
import { readClientProfiles } from "~/data/client-profiles.server";
import { database, type Executor } from "~/data/connection.server";
import { keptBetweenWrites } from "./kept-reading.server";
import { staffClientMessagesPath, staffClientPath, staffClientTaskPath } from "~/lib/paths";
import { findTask } from "~/programme/client-programme";
import { programmesOf } from "~/data/client-programmes.server";
import type { ProgrammeContent } from "~/programme/model";
import type { AttentionGroup } from "./views";

/** Items listed per kind; the rest are counted. */
export const ATTENTION_SHOWN = 5;

const TITLES: Record<AttentionKind, string> = {
  "overdue-task": "Overdue tasks",
  "time-up": "Sprints whose time ran out",
  "hand-in-waiting": "Hand-ins waiting over 48 hours",
  "message-waiting": "Messages waiting over 24 hours for an answer",
  quiet: "No activity for 7 days",
  "invitation-waiting": "Invitations not accepted after 3 days",
};

/**
 * An item's words, then the day it names (`at`, drawn in the reader's zone: a due day's last moment
 * where `due`), and where to act on it.
 */
function describe(
  content: ProgrammeContent,
  item: AttentionItem,
): { text: string; at: number; due: boolean; href: string } {
  const taskTitle = findTask(content, item.item)?.task.title ?? item.item;
  const at = item.since;
  switch (item.kind) {
    case "overdue-task":
      // Overdue since the end of its due day: its last moment is the one before.
      return {
        text: `${taskTitle}: due `,
        at: at - 1,
        due: true,
        href: staffClientTaskPath(item.clientId, item.item),
      };
    case "time-up":
      return {
        text: `Sprint ${item.item}: time's up since `,
        at,
        due: false,
        href: staffClientPath(item.clientId),
      };
    case "hand-in-waiting":
      return {
        text: `${taskTitle}: handed in `,
        at,
        due: false,
        href: staffClientTaskPath(item.clientId, item.item),
      };
    case "message-waiting":
      return {
        text: "Waiting since ",
        at,
        due: false,
        href: staffClientMessagesPath(item.clientId),
      };
    case "quiet":
      return { text: "Last active ", at, due: false, href: staffClientPath(item.clientId) };
    case "invitation-waiting":
      return { text: "Invited ", at, due: false, href: staffClientPath(item.clientId) };
  }
}

/** The groups with anything in them, in the order of TITLES. */
export async function needsAttention(db: Executor, now: number): Promise<AttentionGroup[]> {
  const { items, counts } = await readAttention(db, now, ATTENTION_SHOWN);
  const clientIds = [...new Set(items.map((item) => item.clientId))];
  const [profiles, contents] = await Promise.all([
    readClientProfiles(db, clientIds),
    programmesOf(db, clientIds),
  ]);
  const who = (item: AttentionItem) => {
    const name = profiles.get(item.clientId)?.name;
    return name ? `${name} (${item.email})` : item.email;
  };
  return (Object.keys(TITLES) as AttentionKind[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => ({
      kind,
      title: TITLES[kind],
      count: counts[kind],
      items: items
        .filter((item) => item.kind === kind)
        .map((item) => ({
          clientId: item.clientId,
          email: item.email,
          who: who(item),
          ...describe(contents.get(item.clientId)!.content, item),
        })),
    }));
}

/**
 * How long the console's "Needs attention" is kept while nothing is written: a wait that passes
 * its threshold meanwhile (a day's end, 48 hours) shows at most this much later.
 */
export const ATTENTION_KEPT_MS = 5_000;

/**
 * "Needs attention" as the console shows it at `now`: one reading shared by every staff view until
 * anything is written to the database or ATTENTION_KEPT_MS pass (decision 068).
 */
export const consoleAttention = keptBetweenWrites(
  async (now) => needsAttention(await database(), now),
  ATTENTION_KEPT_MS,
);

/** What waits on the agency, for the console's tabs: threads to answer, hand-ins to review. */
export const consoleQueues = keptBetweenWrites(
  async () => waitingOnAgency(await database()),
  ATTENTION_KEPT_MS,
);
