// A notification mail's text and HTML from its parts: sections of messages (author, time in UTC,
// the words as written) or of lines each linking to its page, why the mail came, and the way to
// turn such mails off. The HTML escapes everything it is given and carries no image or pixel.

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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** "27 Nov 2026, 19:40 UTC". */
function mailTime(at: number): string {
  const time = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(at);
  return `${time} UTC`;
}

function sectionText(section: MailSection): string[] {
  return [
    section.heading,
    "",
    ...(section.entries ?? []).flatMap((entry) => [
      `${entry.author}, ${mailTime(entry.at)}:`,
      entry.body,
      "",
    ]),
    ...(section.items ?? []).map((item) => `- ${item.text}: ${item.link}`),
    ...(section.items?.length ? [""] : []),
    ...(section.action ? [`${section.action.label}: ${section.action.link}`, ""] : []),
  ];
}

function sectionHtml(section: MailSection): string {
  const items = section.items ?? [];
  return [
    `<h2 style="font-size:16px">${escapeHtml(section.heading)}</h2>`,
    ...(section.entries ?? []).map(
      (entry) =>
        `<p><strong>${escapeHtml(entry.author)}</strong>, ${escapeHtml(mailTime(entry.at))}:</p>` +
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

export function composeMail({
  agencyName,
  subject,
  sections,
  reason,
  unsubscribe,
}: {
  agencyName: string;
  subject: string;
  sections: MailSection[];
  /** Why the reader gets it, after "because": "a message waited unread". */
  reason: string;
  unsubscribe: string;
}): ComposedMail {
  const footer = `You get this mail from ${agencyName}'s client portal because ${reason}.`;
  const off = "Turn these mails off";
  const text = [...sections.flatMap(sectionText), "--", footer, `${off}: ${unsubscribe}`, ""].join(
    "\n",
  );
  const html = [
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">`,
    ...sections.map(sectionHtml),
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(footer)} `,
    `<a href="${escapeHtml(unsubscribe)}">${off}</a>.</p>`,
    `</body></html>`,
  ].join("");
  return { subject, text, html };
}
