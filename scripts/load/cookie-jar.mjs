// A minimal cookie jar for one virtual user: applies Set-Cookie lines, renders a Cookie header.
export class CookieJar {
  #cookies = new Map();

  apply(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  hasSession() {
    return [...this.#cookies.keys()].some((name) => name.startsWith("sb-"));
  }
}
