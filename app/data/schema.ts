// The product database's tables as Kysely sees them: each client's place in the programme. A row
// holds what differs from the programme file's defaults (null: "as the programme says"), so a
// client never seen has no rows at all.
import type { Generated } from "kysely";

/** Milliseconds since the epoch (bigint in PostgreSQL, integer in SQLite). */
type Millis = number;

export interface ClientsTable {
  user_id: string;
  overall_progress: number | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface SprintStatesTable {
  user_id: string;
  sprint_id: number;
  status: string | null;
  progress: number | null;
  started_at: Millis | null;
  updated_at: Millis;
}

export interface TaskStatesTable {
  user_id: string;
  task_id: string;
  status: string;
  updated_at: Millis;
}

export interface ObjectiveStatesTable {
  user_id: string;
  objective_id: string;
  progress: number;
  updated_at: Millis;
}

export interface ProductDatabase {
  clients: ClientsTable;
  sprint_states: SprintStatesTable;
  task_states: TaskStatesTable;
  objective_states: ObjectiveStatesTable;
}

/** For tables whose key the database assigns. */
export type Serial = Generated<number>;
