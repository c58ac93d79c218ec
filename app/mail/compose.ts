// A notification mail's text and HTML from its parts: each thread's messages (author, time in UTC,
// the words as written), a link to answer, the agency's name and the way to turn such mails off.
// The HTML escapes everything it is given and carries no image, pixel or tracked link.

export interface MailSection {
  heading: string;
  /** Where to read and answer. */
  link: string;
  entries: { author: string; at: number; body: string }[];
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

export function composeMail({
  agencyName,
  subject,
  sections,
  unsubscribe,
}: {
  agencyName: string;
  subject: string;
  sections: MailSection[];
  unsubscribe: string;
}): ComposedMail {
  const footer = `You get this mail from ${agencyName}'s client portal because a message waited unread.`;
  const off = "Turn these mails off";
  const text = [
    ...sections.flatMap((section) => [
      section.heading,
      "",
      ...section.entries.flatMap((entry) => [
        `${entry.author}, ${mailTime(entry.at)}:`,
        entry.body,
        "",
      ]),
      `Read and answer: ${section.link}`,
      "",
    ]),
    "--",
    footer,
    `${off}: ${unsubscribe}`,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size:16px">${escapeHtml(section.heading)}</h2>` +
        section.entries
          .map(
            (entry) =>
              `<p><strong>${escapeHtml(entry.author)}</strong>, ${escapeHtml(mailTime(entry.at))}:</p>` +
              `<p style="white-space:pre-wrap">${escapeHtml(entry.body)}</p>`,
          )
          .join("") +
        `<p><a href="${escapeHtml(section.link)}">Read and answer</a></p>`,
    ),
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(footer)} `,
    `<a href="${escapeHtml(unsubscribe)}">${off}</a>.</p>`,
    `</body></html>`,
  ].join("");
  return { subject, text, html };
}
