// The client's Files page: everything shared between them and the agency, newest first.
import { accountBook } from "~/data/client-accounts.server";
import { database } from "~/data/connection.server";
import { clientFiles } from "~/data/shared-files.server";
import { shownFiles } from "~/people/names";
import type { Member } from "~/session/guards.server";

export async function loadClientFiles({ user, accountId }: Member) {
  const db = await database();
  const [files, book] = await Promise.all([clientFiles(db, accountId), accountBook(db, accountId)]);
  return { files: shownFiles(files, { email: user.email, role: "client", book }) };
}
