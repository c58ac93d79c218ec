// `npm run load`: a bounded load run on 127.0.0.1. Virtual users sign in, browse the signed-in
// pages, have their short-lived tokens refreshed, and sign out, for LOAD_SECONDS; it prints
// requests, errors, 5xx answers and unexpected sign-outs, and exits 1 unless the last three are 0.
import { fileURLToPath } from "node:url";
import { DEMO_ANON_KEY } from "@portal/auth-server/demo-keys";
import { createConfirmedUser } from "../bench/session.mjs";
import { CookieJar } from "./cookie-jar.mjs";
import { startStack } from "./processes.mjs";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = Number(process.env.LOAD_USERS ?? 40);
/** auth-js refreshes inside the last 90 s, so with 100 s tokens a session refreshes every ~10 s. */
const TOKEN_SECONDS = Number(process.env.LOAD_TOKEN_SECONDS ?? 100);
const PAGE_VIEWS_PER_SESSION = 25;
const THINK_MS = 150;
/** Virtual users start spread over this many seconds rather than all signing in at one instant. */
const RAMP_SECONDS = Number(process.env.LOAD_RAMP_SECONDS ?? 10);
const PAGES = [
  "/dashboard",
  "/dashboard/sprint-1",
  "/dashboard/sprint-2",
  "/dashboard/sprint-3",
  "/dashboard/sprint-4",
];
const PASSWORD = "Load-Test-2026!";
const buildDir = fileURLToPath(
  new URL(`../../${process.env.LOAD_BUILD_DIR ?? "build"}/`, import.meta.url),
);

const stats = {
  requests: 0,
  errors: 0,
  serverErrors: 0,
  unexpectedSignOuts: 0,
  signIns: 0,
  signOuts: 0,
  pageViews: 0,
  refreshes: 0,
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const errorReasons = new Map();
function countError(reason) {
  stats.errors += 1;
  errorReasons.set(reason, (errorReasons.get(reason) ?? 0) + 1);
}

async function request(url, init, jar) {
  stats.requests += 1;
  try {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...init?.headers, Cookie: jar.header() },
    });
    if (response.status >= 500) stats.serverErrors += 1;
    await response.arrayBuffer();
    return response;
  } catch (error) {
    countError(`network: ${error?.cause?.code ?? error?.name ?? "error"}`);
    return undefined;
  }
}

async function virtualUser(appUrl, email, deadline, startDelayMs) {
  await sleep(startDelayMs);
  const jar = new CookieJar();
  const form = (fields) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: appUrl },
    body: new URLSearchParams(fields),
  });
  while (Date.now() < deadline) {
    const signIn = await request(`${appUrl}/sign-in`, form({ email, password: PASSWORD }), jar);
    if (signIn?.status !== 302 || signIn.headers.get("location") !== "/dashboard") {
      if (signIn) countError(`sign-in answered ${signIn.status}`);
      await sleep(THINK_MS);
      continue;
    }
    jar.apply(signIn);
    stats.signIns += 1;
    for (let view = 0; view < PAGE_VIEWS_PER_SESSION && Date.now() < deadline; view++) {
      const page = await request(`${appUrl}${PAGES[view % PAGES.length]}`, {}, jar);
      if (!page) continue;
      if (
        page.headers
          .getSetCookie()
          .some((line) => line.startsWith("sb-") && !/max-age=0/i.test(line))
      ) {
        stats.refreshes += 1;
      }
      jar.apply(page);
      if (page.status === 302 && page.headers.get("location") === "/")
        stats.unexpectedSignOuts += 1;
      else if (page.status !== 200) countError(`page answered ${page.status}`);
      else stats.pageViews += 1;
      await sleep(THINK_MS);
    }
    const signOut = await request(`${appUrl}/auth/sign-out`, form({}), jar);
    if (signOut?.status === 302) {
      jar.apply(signOut);
      stats.signOuts += 1;
      if (jar.hasSession()) countError("session cookie left after sign-out");
    } else if (signOut) countError(`sign-out answered ${signOut.status}`);
  }
}

async function createUsers(authUrl) {
  const emails = Array.from(
    { length: USERS },
    (_, index) => `load-${Date.now()}-${index}@example.com`,
  );
  for (const email of emails) await createConfirmedUser(authUrl, email, { password: PASSWORD });
  return emails;
}

const base = 5600 + Math.floor(Math.random() * 200);
const stack = await startStack({
  buildDir,
  appPort: base,
  authPort: base + 1,
  tokenSeconds: TOKEN_SECONDS,
  anonKey: DEMO_ANON_KEY,
});
try {
  const emails = await createUsers(stack.authUrl);
  console.log(
    `load: ${USERS} virtual users for ${SECONDS} s against ${stack.appUrl} (tokens live ${TOKEN_SECONDS} s)`,
  );
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const rampStep = (RAMP_SECONDS * 1000) / USERS;
  await Promise.all(
    emails.map((email, index) => virtualUser(stack.appUrl, email, deadline, index * rampStep)),
  );
  const elapsed = (Date.now() - started) / 1000;
  console.log(
    `requests             ${stats.requests} (${(stats.requests / elapsed).toFixed(1)}/s over ${elapsed.toFixed(1)} s)`,
  );
  console.log(`sign-ins / sign-outs ${stats.signIns} / ${stats.signOuts}`);
  console.log(`page views           ${stats.pageViews}`);
  console.log(`token refreshes      ${stats.refreshes}`);
  console.log(`errors               ${stats.errors}`);
  for (const [reason, count] of errorReasons) console.log(`  ${count} × ${reason}`);
  console.log(`5xx                  ${stats.serverErrors}`);
  console.log(`unexpected sign-outs ${stats.unexpectedSignOuts}`);
} finally {
  await stack.stop();
}
process.exit(stats.errors + stats.serverErrors + stats.unexpectedSignOuts === 0 ? 0 : 1);
