// The part of mailauth (which ships no types) the built-in SMTP listener uses to check a sender.
declare module "mailauth" {
  /** Answers one DNS question; TXT records as arrays of string chunks. A missing record is an
   * error with code ENOTFOUND or ENODATA, a timeout one with ETIMEOUT. */
  export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;

  export interface AuthenticateOptions {
    /** The connecting address. */
    ip?: string;
    /** The name the client gave in EHLO/HELO. */
    helo?: string;
    /** The envelope sender (MAIL FROM). */
    sender?: string;
    /** The name the verdict is written under (the authserv-id). */
    mta?: string;
    resolver?: DnsResolver;
    disableArc?: boolean;
    disableBimi?: boolean;
  }

  export interface CheckStatus {
    result: string;
  }

  export interface AuthenticateResult {
    dkim: { results?: { status: CheckStatus }[] };
    spf: { status: CheckStatus } | false;
    dmarc: { status: CheckStatus } | false;
    /** Header lines to prepend to the message (Received-SPF, Authentication-Results), CRLF-ended. */
    headers: string;
  }

  export function authenticate(
    input: Buffer | string,
    options: AuthenticateOptions,
  ): Promise<AuthenticateResult>;
}
