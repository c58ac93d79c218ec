// Shapes of the product data that the staff console's components draw as they are.

/** Where an account stands with the auth service: invited, signed up but unconfirmed, or confirmed. */
export type AccountStatus = "invited" | "unconfirmed" | "confirmed";

/** One line of a client's audit trail: who changed what, from what to what, and when (ms). */
export interface AuditEntry {
  id: number;
  actorEmail: string;
  /** The client themself, or the agency. */
  actorRole: "client" | "staff";
  field: string;
  before: string;
  after: string;
  at: number;
}

/** A file shared between a client and the agency, as its lists show it. */
export interface SharedFile {
  id: string;
  name: string;
  bytes: number;
  note: string;
  sharedByEmail: string;
  sharedByRole: "client" | "staff";
  at: number;
}
