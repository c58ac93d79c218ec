// A reply's own words: the HTML turned to text, its quotes skipped (or the text part), cut at the
// portal's "reply above this line" marker, then without the quoted mail and signature a mail
// program adds ("On … wrote:", "From: … Sent: …", "Sent from my iPhone").
import EmailReplyParser from "email-reply-parser";
import { convert } from "html-to-text";
import { REPLY_ABOVE } from "~/mail/compose";

/** What mail programs wrap quoted mail in (Gmail, Outlook, Apple Mail, Thunderbird, Yahoo). */
const QUOTES = [
  "blockquote",
  ".gmail_quote",
  ".gmail_signature",
  "#divRplyFwdMsg",
  "#appendonsend",
  ".moz-cite-prefix",
  "#Signature",
  ".yahoo_quoted",
  "[class^=protonmail_]",
];

function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      ...QUOTES.map((selector) => ({ selector, format: "skip" as const })),
      { selector: "img", format: "skip" as const },
      // Outlook's rule over the quoted mail.
      { selector: "hr", format: "skip" as const },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}

/** Outlook's header over the quoted mail, which email-reply-parser does not know. */
const OUTLOOK_HEADER = /^\s*(-{2,}\s*Original Message\s*-{2,}|_{10,}|From: .+\n\s*Sent: )/im;

/** The new words of a reply (empty when it has none). */
export function replyText(mail: { text?: string; html?: string | false }): string {
  // The HTML when there is one: its quotes are marked, and a mail with no text part gets one
  // made from it by the parser, quotes and all.
  let text = mail.html ? htmlText(mail.html) : (mail.text ?? "");
  text = text.replace(/\r\n?/g, "\n");
  const marker = text.indexOf(REPLY_ABOVE);
  if (marker >= 0) text = text.slice(0, text.lastIndexOf("\n", marker) + 1);
  const outlook = OUTLOOK_HEADER.exec(text);
  if (outlook) text = text.slice(0, outlook.index);
  const reply = new EmailReplyParser().parseReply(text);
  return reply
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
