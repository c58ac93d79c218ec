// Messages and the names staff give clients, as written before format characters were dropped from
// what people type: bidirectional overrides, zero-width spaces and the like go (emoji joiners stay).
import type { Kysely } from "kysely";

const FORMAT_CONTROLS = /(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/gu;
const BATCH = 1_000;

type Tables = {
  messages: { id: number; body: string };
  clients: { user_id: string; display_name: string | null; company: string | null };
};

const clean = (value: string) => value.replace(FORMAT_CONTROLS, "");

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  for (let after = -1; ;) {
    const rows = await db
      .selectFrom("messages")
      .select(["id", "body"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows.filter((candidate) => clean(candidate.body) !== candidate.body)) {
      await db
        .updateTable("messages")
        .set({ body: clean(row.body) })
        .where("id", "=", row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = Number(last.id);
  }
  const named = await db
    .selectFrom("clients")
    .select(["user_id", "display_name", "company"])
    .where((eb) => eb.or([eb("display_name", "is not", null), eb("company", "is not", null)]))
    .execute();
  for (const row of named) {
    const name = row.display_name === null ? null : clean(row.display_name);
    const company = row.company === null ? null : clean(row.company);
    if (name === row.display_name && company === row.company) continue;
    await db
      .updateTable("clients")
      .set({ display_name: name, company })
      .where("user_id", "=", row.user_id)
      .execute();
  }
}
