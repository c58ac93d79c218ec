// Every client's sprints under way and their tasks' due days, as SQL over the template versions in
// use and what the agency changed for each client: what "needs attention" and reminders ask of.
import { sql, type RawBuilder } from "kysely";
import type { ProgrammeContent } from "~/programme/model";

/** A template's version some client follows; `current`: also followed by those given none. */
export interface VersionInUse {
  templateId: string;
  version: string;
  current: boolean;
  content: ProgrammeContent;
}

export const DAY_MS = 86_400_000;

const text = (value: string) => sql`cast(${value} as text)`;
const integer = (value: number | null) => sql`cast(${value} as integer)`;

/**
 * The rows of a VALUES list after a first row that matches no client, so it is never empty;
 * `none` is that row (each column's type for PostgreSQL).
 */
function values(rows: RawBuilder<unknown>[][], none: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql.join(
    [none, ...rows].map((row) => sql`(${sql.join(row)})`),
    sql`, `,
  );
}

/** Each version as the clients' rows name it: its hash, and "" for those given none. */
function keys(version: VersionInUse): string[] {
  return version.current ? [version.version, ""] : [version.version];
}

/**
 * A WITH clause: `client_sprints` (each client's started sprint that is not completed, with its
 * countdown) and `client_tasks` (each visible task of those sprints with a due day, who does it,
 * and whether it starts done), for clients (not staff) the directory knows. A due day the agency
 * took away for a client is stored as -1: no due day. The sprints started are read first, on their
 * own (`materialized`): a plan that joins the clients first probes every client's every sprint.
 */
export function clientTasksWith(versions: VersionInUse[], defaultTemplateId: string) {
  const sprintRows = versions.flatMap((version) =>
    keys(version).flatMap((key) =>
      version.content.sprints.map((sprint) => [
        text(version.templateId),
        text(key),
        integer(sprint.id),
        integer(sprint.countdownDays),
        integer(sprint.start.status === "completed" ? 1 : 0),
      ]),
    ),
  );
  const taskRows = versions.flatMap((version) =>
    keys(version).flatMap((key) =>
      version.content.sprints.flatMap((sprint) =>
        sprint.tasks.map((task) => [
          text(version.templateId),
          text(key),
          integer(sprint.id),
          text(task.id),
          integer(task.dueAfterDays ?? null),
          text(task.owner),
          integer(task.status === "completed" ? 1 : 0),
        ]),
      ),
    ),
  );
  return sql`with sprint_plan (template_id, version, sprint_id, countdown_days, done_at_start) as (
      values ${values(sprintRows, [text(""), text(""), integer(0), integer(0), integer(0)])}
    ), task_plan (template_id, version, sprint_id, task_id, due, owner, done_at_start) as (
      values ${values(taskRows, [text(""), text(""), integer(0), text(""), integer(null), text(""), integer(0)])}
    ), started as materialized (
      select s.user_id, c.email, s.sprint_id, s.status, s.started_at,
        coalesce(c.template_id, ${defaultTemplateId}) as template_id,
        coalesce(c.template_version, '') as version
      from sprint_states s
      join clients c on c.user_id = s.user_id
      where c.is_staff = 0 and c.email is not null and s.started_at is not null
    ), client_sprints as (
      select st.user_id, st.email, st.sprint_id, st.started_at, p.template_id, p.version,
        p.countdown_days
      from started st
      join sprint_plan p on p.template_id = st.template_id and p.version = st.version
        and p.sprint_id = st.sprint_id
      where (case when p.done_at_start = 1 then st.status is not null and st.status <> 'completed'
          else st.status is null or st.status <> 'completed' end)
    ), client_tasks as (
      select cs.user_id, cs.email, cs.sprint_id, cs.started_at, tp.task_id,
        coalesce(x.due_after_days, tp.due) as due, tp.owner, tp.done_at_start
      from client_sprints cs
      join task_plan tp on tp.template_id = cs.template_id and tp.version = cs.version
        and tp.sprint_id = cs.sprint_id
      left join client_programme_items x on x.user_id = cs.user_id and x.kind = 'task'
        and x.item_id = tp.task_id
      where coalesce(x.hidden, 0) = 0 and coalesce(x.due_after_days, tp.due) >= 0
      union all
      select cs.user_id, cs.email, cs.sprint_id, cs.started_at, x.item_id as task_id,
        x.due_after_days as due, 'client' as owner, 0 as done_at_start
      from client_sprints cs
      join client_programme_items x on x.user_id = cs.user_id and x.kind = 'task'
        and x.sprint_id = cs.sprint_id
      where x.added = 1 and x.hidden = 0 and x.due_after_days >= 0
    )`;
}

/** Within a query over `client_tasks` as `t`: the task is not done. */
export const taskNotDone = sql`(case when t.done_at_start = 1
    then exists (select 1 from task_states d where d.user_id = t.user_id and d.task_id = t.task_id and d.status <> 'completed')
    else not exists (select 1 from task_states d where d.user_id = t.user_id and d.task_id = t.task_id and d.status = 'completed') end)`;

/** Within a query over `client_tasks` as `t`: its due day (UTC days since the epoch). */
export const dueDay = sql`(cast(t.started_at / ${DAY_MS} as bigint) + t.due)`;

/** Within a query over `client_tasks` as `t`: the first moment after its due day (ms). */
export const dueDayEnd = sql`(${dueDay} + 1) * ${DAY_MS}`;
