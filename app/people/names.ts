// How the person behind a message, a file, a hand-in or a review is named to whoever reads it: "You"
// for their own; a client's people by the name they go by (staff add the company, and read an
// address while neither is given); a client reads the agency's people by name, never by address.
import type { ActorRole } from "~/data/schema";
import type {
  AccountBook,
  AuditEntry,
  HandIn,
  SharedFile,
  StoredFile,
  StoredHandIn,
  StoredMessage,
  ThreadMessage,
  TrailEntry,
} from "~/data/shapes";

export interface Reader {
  role: ActorRole;
  email: string;
  /** The names of the client account's people whose work is read; without it, addresses. */
  book?: AccountBook;
}

/** The name a client's person goes by: theirs, or their address's local part until they give one. */
export function personName(email: string, name: string | null): string {
  if (name) return name;
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

/** A client's name for a staff member: the name they gave ("Ada Lovelace · Agency"), else "Agency · ada". */
function agencyPerson(email: string, reader: Reader): string {
  const name = reader.book?.agency.get(email);
  return name ? `${name} · ${AGENCY}` : `${AGENCY} · ${email.split("@")[0]}`;
}
/** A client's name for the agency as a whole. */
const AGENCY = "Agency";

/**
 * How `reader` names one of a client account's people: "You"; for staff "Dana Whitfield ·
 * Northwind" (their address while neither name is given); for a colleague, their name.
 */
export function clientPerson(email: string, reader: Reader): string {
  if (email === reader.email) return "You";
  const name = reader.book?.names.get(email) ?? null;
  if (reader.role !== "staff") return personName(email, name);
  const company = reader.book?.company ?? null;
  if (name === null && company === null) return email;
  const who = personName(email, name);
  return company ? `${who} · ${company}` : who;
}

/** Who wrote a message: "You", a client's person by name, staff's address, or "Agency · ada". */
export function authorOf(
  message: Pick<StoredMessage, "authorEmail" | "authorRole">,
  reader: Reader,
) {
  if (message.authorEmail === reader.email) return "You";
  if (message.authorRole === "client") return clientPerson(message.authorEmail, reader);
  if (reader.role === "staff") return message.authorEmail;
  return agencyPerson(message.authorEmail, reader);
}

export function shownMessages(messages: StoredMessage[], reader: Reader): ThreadMessage[] {
  return messages.map(({ authorEmail, ...message }) => ({
    ...message,
    author: authorOf({ authorEmail, authorRole: message.authorRole }, reader),
    own: authorEmail === reader.email,
  }));
}

/** Who did something: staff's address, or for a client "Agency"; a client's person by name. */
function actorOf(email: string, role: ActorRole, reader: Reader): string {
  if (role === "staff") return reader.role === "staff" ? email : AGENCY;
  const who = clientPerson(email, reader);
  // An address alone does not say it is the client's.
  return who === email ? `${who} (client)` : who;
}

export function shownFiles(files: StoredFile[], reader: Reader): SharedFile[] {
  return files.map(({ sharedByEmail, ...file }) => ({
    ...file,
    sharedBy: actorOf(sharedByEmail, file.sharedByRole, reader),
  }));
}

/** Who made each line of a client's trail, as staff read it ("Dana Whitfield · Northwind"). */
export function shownTrail(entries: Omit<AuditEntry, "fact">[], reader: Reader): TrailEntry[] {
  return entries.map(({ actorEmail, ...entry }) => ({
    ...entry,
    actor: actorOf(actorEmail, entry.actorRole, reader),
  }));
}

/** Who handed in (a client's person, by name) and who reviewed (for a client, "Agency"). */
export function shownHandIns(handIns: StoredHandIn[], reader: Reader): HandIn[] {
  return handIns.map(({ submittedByEmail, reviewerEmail, ...handIn }) => ({
    ...handIn,
    submittedBy: clientPerson(submittedByEmail, reader),
    reviewer: reviewerEmail === null ? null : reader.role === "staff" ? reviewerEmail : AGENCY,
  }));
}
