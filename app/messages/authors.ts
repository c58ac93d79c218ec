// Who wrote a message, as the person reading it names them: in the portal and in its mails alike.
import type { ThreadMessage } from "~/data/shapes";

export interface Viewer {
  role: "client" | "staff";
  email: string;
}

/** "You" for the reader's own words; a client reads "Agency · <name>" for a staff member's. */
export function authorOf(message: Pick<ThreadMessage, "authorEmail">, viewer: Viewer): string {
  if (message.authorEmail === viewer.email) return "You";
  if (viewer.role === "staff") return message.authorEmail;
  return `Agency · ${message.authorEmail.split("@")[0]}`;
}
