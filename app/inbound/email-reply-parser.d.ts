// The part of email-reply-parser (which ships no types) the inbound mail reads.
declare module "email-reply-parser" {
  export default class EmailReplyParser {
    /** The text without quoted mail and signatures. */
    parseReply(text: string): string;
  }
}
