// How the person behind a message, a file, a hand-in or a review is named to whoever reads it: "You"
// for their own; staff read addresses, a client their colleagues' too; a client reads the agency's
// people as the agency, never by address, so nothing a client's page or mail carries holds one.
import type { ActorRole } from "~/data/schema";
import type {
  HandIn,
  SharedFile,
  StoredFile,
  StoredHandIn,
  StoredMessage,
  ThreadMessage,
} from "~/data/shapes";

export interface Reader {
  role: ActorRole;
  email: string;
}

/** A client's name for a staff member: "Agency · ada". */
const agencyPerson = (email: string) => `Agency · ${email.split("@")[0]}`;
/** A client's name for the agency as a whole. */
const AGENCY = "Agency";

/** Who wrote a message: "You", an address for staff, "Agency · ada" for a client. */
export function authorOf(
  message: Pick<StoredMessage, "authorEmail" | "authorRole">,
  reader: Reader,
) {
  if (message.authorEmail === reader.email) return "You";
  if (reader.role === "staff" || message.authorRole === "client") return message.authorEmail;
  return agencyPerson(message.authorEmail);
}

export function shownMessages(messages: StoredMessage[], reader: Reader): ThreadMessage[] {
  return messages.map(({ authorEmail, ...message }) => ({
    ...message,
    author: authorOf({ authorEmail, authorRole: message.authorRole }, reader),
    own: authorEmail === reader.email,
  }));
}

/** A client's name for one of their account's people: "You", or a colleague's address. */
const clientPerson = (email: string, reader: Reader) => (email === reader.email ? "You" : email);

/** Who shared a file: staff read an address (a client's marked so), a client "Agency" or a person. */
export function shownFiles(files: StoredFile[], reader: Reader): SharedFile[] {
  return files.map(({ sharedByEmail, ...file }) => ({
    ...file,
    sharedBy:
      reader.role === "staff"
        ? `${sharedByEmail}${file.sharedByRole === "client" ? " (client)" : ""}`
        : file.sharedByRole === "staff"
          ? AGENCY
          : clientPerson(sharedByEmail, reader),
  }));
}

/** Who handed in and who reviewed: addresses for staff; for a client, the reviewer is "Agency". */
export function shownHandIns(handIns: StoredHandIn[], reader: Reader): HandIn[] {
  return handIns.map(({ submittedByEmail, reviewerEmail, ...handIn }) => ({
    ...handIn,
    submittedBy:
      reader.role === "staff" ? submittedByEmail : clientPerson(submittedByEmail, reader),
    reviewer: reviewerEmail === null ? null : reader.role === "staff" ? reviewerEmail : AGENCY,
  }));
}
