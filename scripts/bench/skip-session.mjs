// The bench's session-check-skipped app: the same build, started with BENCH_SESSION_USER, which
// makes the app's session check answer this fixed user at once (the app accepts the setting only
// on a loopback SITE_URL, as the bench's apps are). Nothing in the build is changed.

/** The extra environment for the skipped app. */
export function skipSessionEnv(user) {
  return { BENCH_SESSION_USER: JSON.stringify({ id: user.id, email: user.email }) };
}
