// What a newer version of a template would change for one client, in words staff read before they
// apply it: sprints' lengths and titles, tasks and objectives added, removed, renamed or re-dated.
import { dueText } from "./client-plan-edits";
import type { ProgrammeContent, SprintContent } from "./model";

type Named = { id: string; title: string; dueAfterDays?: number };

function itemChanges(where: string, noun: string, before: Named[], after: Named[]): string[] {
  const lines: string[] = [];
  const earlier = new Map(before.map((item) => [item.id, item]));
  const later = new Map(after.map((item) => [item.id, item]));
  for (const item of after) {
    const old = earlier.get(item.id);
    if (!old) lines.push(`${where}: ${noun} added: "${item.title}"`);
    else {
      if (old.title !== item.title) {
        lines.push(`${where}: ${noun} "${old.title}" renamed "${item.title}"`);
      }
      if (old.dueAfterDays !== item.dueAfterDays) {
        lines.push(
          `${where}: "${item.title}" due ${dueText(old.dueAfterDays)} → ${dueText(item.dueAfterDays)}`,
        );
      }
    }
  }
  for (const item of before) {
    if (!later.has(item.id)) lines.push(`${where}: ${noun} removed: "${item.title}"`);
  }
  return lines;
}

function sprintChanges(before: SprintContent | undefined, after: SprintContent): string[] {
  const where = `Sprint ${after.id}`;
  if (!before) return [`${where} added: "${after.title}"`];
  const lines: string[] = [];
  if (before.title !== after.title) lines.push(`${where} renamed "${after.title}"`);
  if (before.countdownDays !== after.countdownDays) {
    lines.push(`${where}: countdown ${before.countdownDays} → ${after.countdownDays} days`);
  }
  if (before.weeks !== after.weeks) lines.push(`${where}: ${before.weeks} → ${after.weeks} weeks`);
  return [
    ...lines,
    ...itemChanges(where, "task", before.tasks, after.tasks),
    ...itemChanges(where, "objective", before.objectives, after.objectives),
  ];
}

/** Every difference a client would see between `before` and `after`; none: an empty list. */
export function templateChanges(before: ProgrammeContent, after: ProgrammeContent): string[] {
  const lines = after.sprints.flatMap((sprint) =>
    sprintChanges(
      before.sprints.find((candidate) => candidate.id === sprint.id),
      sprint,
    ),
  );
  for (const sprint of before.sprints.slice(after.sprints.length)) {
    lines.push(`Sprint ${sprint.id} removed: "${sprint.title}"`);
  }
  return lines;
}
