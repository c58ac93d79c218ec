// Showing a thread to one reader: its latest messages (notes for staff alone; those about tasks left
// out if asked), each author named and linked to its task, and the reader's marker moved to the last
// of them; read first and written only when it moves, so a live ping's reload writes nothing.
import { accountBook } from "~/data/client-accounts.server";
import { database, writeAlongside } from "~/data/connection.server";
import { markRead, readerMarks, threadMessages } from "~/data/messages.server";
import { programmeOf } from "~/data/client-programmes.server";
import { NOTICES_HIDDEN, NOTICES_PARAM, taskPathFor } from "~/lib/paths";
import { shownMessages, type Reader } from "~/people/names";
import { findTask } from "~/programme/client-programme";

/** Whether a thread's page was asked without its messages about tasks. */
export const noticesHidden = (request: Request) =>
  new URL(request.url).searchParams.get(NOTICES_PARAM) === NOTICES_HIDDEN;

export async function readThread(
  clientId: string,
  reader: Reader & { id: string },
  { withoutNotices = false, preview = false } = {},
) {
  const db = await database();
  const [messages, marks, book, { content }] = await Promise.all([
    threadMessages(db, clientId, { withInternal: reader.role === "staff" }),
    readerMarks(db, clientId, reader.id),
    accountBook(db, clientId),
    programmeOf(db, clientId),
  ]);
  const latest = messages.at(-1);
  // A preview (staff seeing the thread as the reader) marks nothing read.
  if (latest && latest.id > marks.lastReadId && !preview) {
    await writeAlongside((trx) => markRead(trx, clientId, reader.id, latest.id, Date.now()), null);
  }
  // Hidden notices are read too: the reader chose not to see them.
  const shown = withoutNotices ? messages.filter((message) => message.taskId === null) : messages;
  return shownMessages(shown, { ...reader, book }).map((message) => {
    const found = message.taskId === null ? undefined : findTask(content, message.taskId);
    if (!found) return message;
    const path = taskPathFor(reader.role, clientId, {
      sprintId: found.sprint.id,
      taskId: found.task.id,
    });
    return { ...message, task: { title: found.task.title, path } };
  });
}
