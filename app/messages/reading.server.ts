// Showing a thread to one reader: its latest messages (notes for staff alone), each author named as
// the reader names them, and the reader's marker moved to the last of them; read first and written
// only when it moves, so a page revalidated by a live ping writes nothing.
import { accountBook } from "~/data/client-accounts.server";
import { database, writeAlongside } from "~/data/connection.server";
import { markRead, readerMarks, threadMessages } from "~/data/messages.server";
import { shownMessages, type Reader } from "~/people/names";

export async function readThread(clientId: string, reader: Reader & { id: string }) {
  const db = await database();
  const [messages, marks, book] = await Promise.all([
    threadMessages(db, clientId, { withInternal: reader.role === "staff" }),
    readerMarks(db, clientId, reader.id),
    accountBook(db, clientId),
  ]);
  const latest = messages.at(-1);
  if (latest && latest.id > marks.lastReadId) {
    await writeAlongside((trx) => markRead(trx, clientId, reader.id, latest.id, Date.now()), null);
  }
  return shownMessages(messages, { ...reader, book });
}
