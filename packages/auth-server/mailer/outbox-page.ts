// The developer inbox page: plain server-rendered HTML listing outbox messages with their links.
import type { OutboxMessage } from "../store/outbox";
import { escapeHtml } from "./html";

function link(label: string, url: string | null): string {
  return url
    ? `<p><strong>${label}:</strong> <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`
    : "";
}

/** A Reply form for a mail that takes replies: it sends what is typed as its recipient. */
function replyForm(message: OutboxMessage, replied: boolean): string {
  const id = escapeHtml(message.id);
  return `<form method="post" action="/outbox/reply">
<input type="hidden" name="id" value="${id}">
<label for="reply-${id}">Reply as ${escapeHtml(message.to)}</label>
<textarea id="reply-${id}" name="text" rows="3" required maxlength="10000"></textarea>
<button>Send Reply</button>${replied ? ' <span role="status">Reply sent.</span>' : ""}
</form>`;
}

function messageHtml(
  message: OutboxMessage,
  replies: { replies: boolean; replied: string | null },
): string {
  const form =
    replies.replies && message.reply_to ? replyForm(message, replies.replied === message.id) : "";
  return `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(message.to)}</strong> · <time datetime="${message.created_at}">${message.created_at}</time></p>
${link("Confirm (app link)", message.confirmation_url)}
${link("Confirm (auth server link)", message.verify_url)}
<details><summary>Text</summary><pre>${escapeHtml(message.text)}</pre></details>
${form}
</article>`;
}

export function outboxPage(
  messages: OutboxMessage[],
  filter: string | undefined,
  replies: { replies: boolean; replied: string | null } = { replies: false, replied: null },
): string {
  const heading = filter ? `Outbox for ${escapeHtml(filter)}` : "Outbox";
  const body =
    messages.length === 0
      ? "<p>No messages yet. Sign up to receive a confirmation mail here.</p>"
      : messages.map((message) => messageHtml(message, replies)).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} · embedded auth server</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
article { border: 1px solid #ccc; border-radius: 8px; padding: 0 1rem; margin: 1rem 0; }
a { color: #0645ad; word-break: break-all; }
.meta { color: #444; }
pre { white-space: pre-wrap; word-break: break-all; }
form { margin: 1rem 0; }
form textarea { display: block; width: 100%; margin: .25rem 0; font: inherit; }
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<form method="get"><label>Recipient <input name="to" type="email" value="${escapeHtml(filter ?? "")}"></label> <button>Filter</button></form>
<p>${messages.length} message${messages.length === 1 ? "" : "s"}, newest first. JSON: <a href="/outbox/messages">/outbox/messages</a></p>
${body}
</main>
</body>
</html>
`;
}
