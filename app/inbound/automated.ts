// Mail no person wrote (an out-of-office, a bounce, a list's mail): dropped, never posted and never
// answered, so two robots cannot mail each other for ever.

/** A header of a parsed mail, as mailparser gives it (lower-case names). */
export type HeaderValue = string | { value: string } | unknown;

const text = (value: HeaderValue): string =>
  typeof value === "string"
    ? value
    : typeof value === "object" && value !== null && "value" in value
      ? String((value as { value: unknown }).value)
      : "";

/** Senders that are servers, not people. */
const ROBOT_SENDER = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply)@/i;

/** Subjects of automatic replies (English, French, German, Spanish, Dutch, Italian). */
const AUTO_SUBJECT =
  /^(auto(matic)? ?(reply|response)|out of (the )?office|absent|abwesen|automatische antwort|respuesta autom|fuera de la oficina|afwezig|risposta automatica|r[ée]ponse automatique)/i;

/** Why the mail is automated, in words for the inbound log; null when a person wrote it. */
export function automatedReason(
  headers: Map<string, HeaderValue>,
  from: string | null,
  subject: string,
): string | null {
  const header = (name: string) => text(headers.get(name)).trim().toLowerCase();
  const submitted = header("auto-submitted");
  if (submitted !== "" && submitted !== "no")
    return `An automatic mail (Auto-Submitted: ${submitted})`;
  if (headers.has("x-autoreply") || headers.has("x-autorespond")) return "An automatic reply";
  const precedence = header("precedence");
  if (["bulk", "junk", "list", "auto_reply"].includes(precedence)) {
    return `A mail to many (Precedence: ${precedence})`;
  }
  const type = header("content-type");
  if (type.startsWith("multipart/report")) return "A delivery report";
  if (from !== null && ROBOT_SENDER.test(from)) return "A mail from a mail server";
  if (AUTO_SUBJECT.test(subject.trim())) return "An automatic reply";
  return null;
}
