// The one rule for an address the programme opens in a browser: an https:// URL with a host and no
// user name or password (a task's tool, a link in a task's instructions).

export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/\S+$/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}
