// Whether someone is staff now, as the auth service says at this moment (a token or the directory's
// copy can be 30 s to an hour old): one who left or lost the role leaves the directory's staff too.
import { directoryEntry, forgetUser, saveDirectory } from "~/data/client-directory.server";
import { inTransaction } from "~/data/connection.server";
import { currentUser, isStaffUser } from "./auth-admin.server";

/**
 * The staff member's address now, or null when they are gone or no longer staff (their directory
 * entry then says so); throws when the auth service cannot be asked.
 */
export async function staffAddressNow(userId: string): Promise<string | null> {
  const user = await currentUser(userId);
  if (user && isStaffUser(user) && user.email) return user.email;
  await inTransaction(async (trx) => {
    if (user) await saveDirectory(trx, [directoryEntry(user)], Date.now());
    else await forgetUser(trx, userId);
  });
  return null;
}
