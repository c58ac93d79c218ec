// Which end-to-end spec runs in which browser project: each spec with the projects its checks need,
// and nowhere else; tests/unit/e2e-matrix.test.ts holds every spec to it and the whole suite to
// BROWSER_RUN_CEILING (decision 046).
export const PROJECTS = {
  js: { viewport: { width: 1280, height: 800 } },
  nojs: { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false },
  "js-phone": { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  "nojs-phone": {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  },
} as const;

export type ProjectName = keyof typeof PROJECTS;

/**
 * The screens: both widths with JavaScript, and without it at desktop width. A page without
 * JavaScript differs from the same page with it in the same way at any width, except for the
 * phone's own controls, which phone.spec.ts checks without JavaScript too.
 */
const SCREENS: ProjectName[] = ["js", "nojs", "js-phone"];
const DESKTOP: ProjectName[] = ["js", "nojs"];
const PHONE: ProjectName[] = ["js-phone", "nojs-phone"];
const WITH_JAVASCRIPT: ProjectName[] = ["js"];

export const MATRIX: Record<string, ProjectName[]> = {
  /** Every screen as a client sees it: layout, screenshots and axe. */
  "screens.spec.ts": SCREENS,
  /** The phone's own controls: the landing menu and the sidebar sheet. */
  "phone.spec.ts": PHONE,
  /** The desktop rail: its links, collapsing (a script or a form post) and its tooltips. */
  "sidebar.spec.ts": DESKTOP,
  /** Sign-up, confirmation, sign-in and the error catalogue through the real forms. */
  "auth.spec.ts": DESKTOP,
  /** What the auth dialog does with JavaScript: strength meter, pending label, focus, typing. */
  "auth-dialog.spec.ts": WITH_JAVASCRIPT,
  /** Recovery and account management journeys, with their mails. */
  "account.spec.ts": DESKTOP,
  /** A programme kept on the server on both engines, and ticks with and without JavaScript. */
  "programme.spec.ts": DESKTOP,
  /** The agency's console: an invitation accepted in another browser, edits the client sees. */
  "staff.spec.ts": DESKTOP,
  /** A client's week on a phone: due days, ticks, every figure moving alike, console included. */
  "client-week.spec.ts": PHONE,
  /**
   * Work handed in and reviewed: at desktop width with JavaScript and on a phone without it, so each
   * width and each way of posting is run (a page without JavaScript differs alike at any width).
   */
  "hand-ins.spec.ts": ["js", "nojs-phone"],
  /** A task's form: half on a phone without JavaScript, finished with it, reviewed; a dropped network. */
  "questionnaire.spec.ts": WITH_JAVASCRIPT,
  /** The hand-in form's script: files listed, one too large refused, an upload cancelled. */
  "hand-in-upload.spec.ts": WITH_JAVASCRIPT,
  /** A bad network: offline, dropped and slow requests, the offline notice and page. */
  "network.spec.ts": WITH_JAVASCRIPT,
  /** The agency's Settings: one test drives a browser with JavaScript and one without, in turn. */
  "settings.spec.ts": WITH_JAVASCRIPT,
  /** The two once-flaky flows repeated under a busy CPU (20 times each as npm run test:soak). */
  "under-load.spec.ts": WITH_JAVASCRIPT,
};

/** Browser runs the whole suite may list (npm test prints the count against it). */
export const BROWSER_RUN_CEILING = 180;

/** The spec files a project runs. */
export function specsFor(project: ProjectName): string[] {
  return Object.entries(MATRIX)
    .filter(([, projects]) => projects.includes(project))
    .map(([spec]) => spec);
}
