// A notification mail's text and HTML under the agency's name or logo, in its colour: messages
// (author, time in the reader's zone, words as written) or linked lines, why it came and how to
// turn such mails off. The HTML escapes all it is given; its one image is the agency's own logo.
import type { MailBrand } from "~/brand/brand";
import { escapeHtml } from "~/lib/html";
import { momentIn } from "~/lib/reader-time";

export interface MailSection {
  heading: string;
  /** Messages, quoted as written. */
  entries?: { author: string; at: number; body: string }[];
  /** Lines, each with the page to open for it. */
  items?: { text: string; link: string }[];
  /** Where to act on the section as a whole, and the link's words ("Read and answer"). */
  action?: { link: string; label: string };
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

function sectionText(section: MailSection, zone: string): string[] {
  return [
    section.heading,
    "",
    ...(section.entries ?? []).flatMap((entry) => [
      `${entry.author}, ${momentIn(entry.at, zone)}:`,
      entry.body,
      "",
    ]),
    ...(section.items ?? []).map((item) => `- ${item.text}: ${item.link}`),
    ...(section.items?.length ? [""] : []),
    ...(section.action ? [`${section.action.label}: ${section.action.link}`, ""] : []),
  ];
}

function sectionHtml(section: MailSection, zone: string): string {
  const items = section.items ?? [];
  return [
    `<h2 style="font-size:16px">${escapeHtml(section.heading)}</h2>`,
    ...(section.entries ?? []).map(
      (entry) =>
        `<p><strong>${escapeHtml(entry.author)}</strong>, ${escapeHtml(momentIn(entry.at, zone))}:</p>` +
        `<p style="white-space:pre-wrap">${escapeHtml(entry.body)}</p>`,
    ),
    items.length > 0
      ? `<ul>${items.map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.text)}</a></li>`).join("")}</ul>`
      : "",
    section.action
      ? `<p><a href="${escapeHtml(section.action.link)}">${escapeHtml(section.action.label)}</a></p>`
      : "",
  ].join("");
}

/** The mail's head: the logo (named by its alt text) or the name, in the agency's colour. */
function headHtml(brand: MailBrand): string {
  const colour = brand.colour ?? "#0f172a";
  const mark = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="32" style="height:32px;width:auto">`
    : `<strong style="color:${colour};font-size:18px">${escapeHtml(brand.name)}</strong>`;
  return `<p style="border-bottom:3px solid ${colour};padding-bottom:8px">${mark}</p>`;
}

/** The line that says where to write with questions, when the agency named an address. */
function supportLines(brand: MailBrand) {
  if (!brand.supportEmail) return { text: [], html: "" };
  const address = escapeHtml(brand.supportEmail);
  return {
    text: [`Questions? Write to ${brand.supportEmail}.`],
    html: `<p>Questions? Write to <a href="mailto:${address}">${address}</a>.</p>`,
  };
}

/** A whole mail's HTML: the agency's head above `body`. */
const documentHtml = (brand: MailBrand, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.5">${headHtml(brand)}${body}</body></html>`;

/** A mail another part wrote (the auth server's), under the agency's head and name. */
export function framedMail(brand: MailBrand, mail: { text: string; html: string }) {
  const support = supportLines(brand);
  return {
    text: [brand.name, "", mail.text, ...(support.text.length ? ["", ...support.text] : [])].join(
      "\n",
    ),
    html: documentHtml(brand, `${mail.html}${support.html}`),
  };
}

/** The line a mail that takes replies opens with: what is written above it is the reply. */
export const REPLY_ABOVE = "Reply above this line to answer in the portal.";

export function composeMail({
  brand,
  subject,
  sections,
  reason,
  unsubscribe,
  zone,
  takesReplies = false,
}: {
  brand: MailBrand;
  subject: string;
  sections: MailSection[];
  /** The reader's zone: every time is shown in it, named ("Fri 4 Dec, 18:59 GMT-5"). */
  zone: string;
  /** Why the reader gets it, after "because": "a message waited unread". */
  reason: string;
  unsubscribe: string;
  /** A reply to it lands in its thread: it says so, over a line the reply is cut at. */
  takesReplies?: boolean;
}): ComposedMail {
  const footer = `You get this mail from ${brand.name}'s client portal because ${reason}.`;
  const off = "Turn these mails off";
  const support = supportLines(brand);
  const marker = takesReplies ? [`-- ${REPLY_ABOVE} --`, ""] : [];
  const text = [
    ...marker,
    ...sections.flatMap((section) => sectionText(section, zone)),
    ...(support.text.length ? [...support.text, ""] : []),
    "--",
    footer,
    `${off}: ${unsubscribe}`,
    "",
  ].join("\n");
  const html = documentHtml(
    brand,
    [
      takesReplies ? `<p style="color:#666;font-size:12px">-- ${REPLY_ABOVE} --</p>` : "",
      ...sections.map((section) => sectionHtml(section, zone)),
      support.html,
      `<hr><p style="color:#666;font-size:12px">${escapeHtml(footer)} `,
      `<a href="${escapeHtml(unsubscribe)}">${off}</a>.</p>`,
    ].join(""),
  );
  return { subject, text, html };
}
