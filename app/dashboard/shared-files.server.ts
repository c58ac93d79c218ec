// The client's Files page: everything shared between them and the agency, newest first.
import { database } from "~/data/connection.server";
import { clientFiles } from "~/data/shared-files.server";

export async function loadClientFiles(userId: string) {
  return { files: await clientFiles(await database(), userId) };
}
