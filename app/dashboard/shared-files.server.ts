// The client's Files page: everything shared between them and the agency, newest first.
import { database } from "~/data/connection.server";
import { clientFiles } from "~/data/shared-files.server";
import { shownFiles } from "~/people/names";
import type { Member } from "~/session/guards.server";

export async function loadClientFiles({ user, accountId }: Member) {
  const files = await clientFiles(await database(), accountId);
  return { files: shownFiles(files, { email: user.email, role: "client" }) };
}
