// The account a test's client works in: the one the directory opened for them, with an id of its own.
import { accountOf } from "~/data/client-accounts.server";
import { database, type Executor } from "~/data/connection.server";

export async function accountIdOf(personId: string, db?: Executor): Promise<string> {
  const accountId = await accountOf(db ?? (await database()), personId);
  if (!accountId) throw new Error(`${personId} is in no client account`);
  return accountId;
}
