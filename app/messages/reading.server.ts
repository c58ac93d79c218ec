// Showing a thread to one reader: its latest messages, and the reader's marker moved to the last of
// them; read first and written only when it moves, so a page revalidated by a live ping writes nothing.
import { database, writeAlongside } from "~/data/connection.server";
import { markRead, readerMarks, threadMessages } from "~/data/messages.server";

export async function readThread(
  clientId: string,
  readerId: string,
  { withInternal }: { withInternal: boolean },
) {
  const db = await database();
  const [messages, marks] = await Promise.all([
    threadMessages(db, clientId, { withInternal }),
    readerMarks(db, clientId, readerId),
  ]);
  const latest = messages.at(-1);
  if (latest && latest.id > marks.lastReadId) {
    await writeAlongside((trx) => markRead(trx, clientId, readerId, latest.id, Date.now()), null);
  }
  return messages;
}
