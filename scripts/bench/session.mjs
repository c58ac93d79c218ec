// Signing in for the bench: a confirmed user made through the auth server's admin API, then the
// app's own sign-in form action (POST /sign-in), timed, with its auth cookies kept; and the
// signed-in requests the bench makes to set things up (a page that must answer 200, a form post).
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";

export const BENCH_PASSWORD = "Bench-password-1234";

/**
 * `password: null` makes a user who cannot sign in, and costs the auth server no bcrypt hash (the
 * staff list's thousands of clients); `appMetadata` is set at creation (`{ role: "staff" }`).
 */
/**
 * `send()`, sent once more when the pooled connection it went out on had been closed by the server
 * while idle (a keep-alive timeout meeting the request): the request never reached the server.
 */
async function sentAgainOnClose(send) {
  try {
    return await send();
  } catch (error) {
    if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
    return send();
  }
}

export async function createConfirmedUser(
  authUrl,
  email,
  { password = BENCH_PASSWORD, appMetadata } = {},
) {
  const body = { email, email_confirm: true };
  if (password !== null) body.password = password;
  if (appMetadata) body.app_metadata = appMetadata;
  const create = () =>
    fetch(`${authUrl}/auth/v1/admin/users`, {
      method: "POST",
      headers: {
        apikey: DEMO_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(body),
    });
  const response = await sentAgainOnClose(create);
  const user = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(`admin create user: ${response.status} ${JSON.stringify(user)}`);
  return { id: user.id, email };
}

/**
 * One sign-in through the form action (`fields` beside e-mail and password, as the form's script
 * adds the browser's `timeZone`): its round trip in ms and the session's Cookie header.
 */
export async function signIn(appUrl, email, password = BENCH_PASSWORD, fields = {}) {
  const started = performance.now();
  const response = await fetch(`${appUrl}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: appUrl },
    body: new URLSearchParams({ email, password, ...fields }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}, not 302`);
  // Only the Supabase session cookies: the flash toast would make every view a first view.
  const cookie = response.headers
    .getSetCookie()
    .filter((line) => !/max-age=0/i.test(line))
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith("sb-"))
    .join("; ");
  if (!cookie) throw new Error("sign-in set no sb-* session cookie");
  return { ms, cookie };
}

/** GET with the session cookie; throws unless it answers 200 (a 302 means the cookie failed). */
export async function expect200(url, cookie) {
  const response = await sentAgainOnClose(() =>
    fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }),
  );
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, not 200`);
  return html;
}

/** A same-origin form post with the session cookie; throws unless it answers `status` (a redirect). */
export async function postForm(appUrl, path, fields, cookie, status = 302) {
  const response = await fetch(`${appUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: appUrl,
      Cookie: cookie,
    },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  if (response.status !== status)
    throw new Error(`POST ${path} answered ${response.status}, not ${status}`);
}
