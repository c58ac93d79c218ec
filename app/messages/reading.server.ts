// Showing a thread to one reader: its latest messages (notes for staff alone), each author named as
// the reader names them and each linked to the task it is about, and the reader's marker moved to
// the last of them; read first and written only when it moves, so a live ping's reload writes nothing.
import { accountBook } from "~/data/client-accounts.server";
import { database, writeAlongside } from "~/data/connection.server";
import { markRead, readerMarks, threadMessages } from "~/data/messages.server";
import { programmeOf } from "~/data/client-programmes.server";
import { taskPathFor } from "~/lib/paths";
import { shownMessages, type Reader } from "~/people/names";
import { findTask } from "~/programme/client-programme";

export async function readThread(clientId: string, reader: Reader & { id: string }) {
  const db = await database();
  const [messages, marks, book, { content }] = await Promise.all([
    threadMessages(db, clientId, { withInternal: reader.role === "staff" }),
    readerMarks(db, clientId, reader.id),
    accountBook(db, clientId),
    programmeOf(db, clientId),
  ]);
  const latest = messages.at(-1);
  if (latest && latest.id > marks.lastReadId) {
    await writeAlongside((trx) => markRead(trx, clientId, reader.id, latest.id, Date.now()), null);
  }
  return shownMessages(messages, { ...reader, book }).map((message) => {
    const found = message.taskId === null ? undefined : findTask(content, message.taskId);
    if (!found) return message;
    const path = taskPathFor(reader.role, clientId, {
      sprintId: found.sprint.id,
      taskId: found.task.id,
    });
    return { ...message, task: { title: found.task.title, path } };
  });
}
