// Every route module keeps the house's rules (decision 048): each loader and action calls a guard
// first (a client's page or answer, the one that resolves their account), unless listed here with
// why; a page route re-exports the shared hooks, a route with an action its clientAction.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const app = join(import.meta.dirname, "../../app");

const GUARDS = [
  "requireUser",
  "requireClient",
  "requireStaff",
  "requireAnonymous",
  "requireLinkSession",
];

/** The guard of a client's pages and answers: it resolves the account they work in (decision 069). */
const CLIENT_GUARD = "requireClient";
/** The client's pages and answers: the dashboard's routes and the resources its pages use. */
const CLIENT_ROUTE = /^routes\/(dashboard|resources\.)/;

/** Client routes about the person alone, each with why: they need no account. */
const PERSON_ONLY: Record<string, string> = {
  "routes/dashboard.account.tsx": "the person's own sign-in, address, time zone and mail choices",
};
const PAGE_HOOKS = "~/forms/page-hooks";

/**
 * Routes (or one export, `path#loader`) anyone may reach, each with why: every other loader and
 * action guards first.
 */
const PUBLIC: Record<string, string> = {
  "root.tsx": "the toast and the configuration every page needs, signed in or not",
  "routes/$.tsx": "the 404 page, for anyone",
  "routes/_landing._index.tsx":
    "only sends links from before the auth routes on (its layout guards)",
  "routes/_landing._auth.sign-in.tsx": "signing in is for visitors",
  "routes/_landing._auth.sign-up.tsx": "signing up is for visitors",
  "routes/_landing._auth.forgot-password.tsx": "asking for a reset link is for visitors",
  "routes/auth.confirm.tsx": "a mailed link is opened signed out, often on another device",
  "routes/auth.resend-confirmation.tsx": "the confirmation mail is asked for before any session",
  "routes/auth.sign-out.tsx": "clears the cookies of whatever session the browser holds",
  "routes/resources.sidebar.tsx": "a cookie with the sidebar's state, no data of anyone's",
  "routes/auth.sign-out-everywhere.tsx#loader": "a GET only sends the visitor home",
  "routes/unsubscribe.tsx": "a mail's link, opened signed out; its signature names whose mail",
  "routes/brand.$file.tsx": "the agency's logo, shown on the landing page and in mails",
  "routes/offline[.]html.tsx": "the page the service worker keeps for anyone offline",
  "routes/manifest[.]webmanifest.tsx": "the agency's name and icons for a home screen",
  "routes/hooks.inbound-mail.tsx": "a mail provider's hook: it shows INBOUND_MAIL_SECRET instead",
};

interface RouteModule {
  exported: Map<string, ts.Node>;
  /** Names re-exported from another module, and from which. */
  reExported: Map<string, string>;
}

function readModule(source: string): RouteModule {
  const file = ts.createSourceFile("route.tsx", source, ts.ScriptTarget.Latest, true);
  const exported = new Map<string, ts.Node>();
  const reExported = new Map<string, string>();
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && isExported(statement)) {
      exported.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) {
          exported.set(declaration.name.text, declaration.initializer);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      exported.set("default", statement);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      for (const element of statement.exportClause.elements) {
        reExported.set(element.name.text, statement.moduleSpecifier.text);
      }
    }
    if (
      ts.isFunctionDeclaration(statement) &&
      isExported(statement) &&
      (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
    ) {
      exported.set("default", statement);
    }
  }
  return { exported, reExported };
}

/** The statements of a loader or action, whatever form its function takes. */
function bodyOf(node: ts.Node): readonly ts.Node[] {
  const fn =
    ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)
      ? node
      : undefined;
  if (!fn?.body) return [];
  return ts.isBlock(fn.body) ? fn.body.statements : [fn.body];
}

/** The first guard `node` calls, if any. */
function guardCalled(node: ts.Node | undefined): string | undefined {
  let found: string | undefined;
  const visit = (child: ts.Node) => {
    if (
      ts.isCallExpression(child) &&
      ts.isIdentifier(child.expression) &&
      GUARDS.includes(child.expression.text)
    ) {
      found = child.expression.text;
    }
    if (!found) ts.forEachChild(child, visit);
  };
  if (node) visit(node);
  return found;
}

/** What `source`, the route module at `path` (relative to app/), does against the rules. */
export function routeProblems(path: string, source: string): string[] {
  const { exported, reExported } = readModule(source);
  const problems: string[] = [];
  for (const name of ["loader", "action"]) {
    const node = exported.get(name);
    if (!node || path in PUBLIC || `${path}#${name}` in PUBLIC) continue;
    const guard = guardCalled(bodyOf(node)[0]);
    if (!guard) {
      problems.push(`${path}: its ${name} does not call a guard (${GUARDS.join(", ")}) first`);
    } else if (CLIENT_ROUTE.test(path) && !(path in PERSON_ONLY) && guard !== CLIENT_GUARD) {
      problems.push(`${path}: its ${name} calls ${guard}, not ${CLIENT_GUARD}, first`);
    }
  }
  const wanted = [
    ...(exported.has("default") ? ["headers", "shouldRevalidate"] : []),
    ...(exported.has("action") ? ["clientAction"] : []),
  ];
  for (const name of wanted) {
    if (reExported.get(name) !== PAGE_HOOKS) {
      problems.push(`${path}: does not re-export ${name} from ${PAGE_HOOKS}`);
    }
  }
  return problems;
}

const routeFiles = [
  "root.tsx",
  ...readdirSync(join(app, "routes"))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `routes/${name}`),
];

describe("route modules", () => {
  it("each guard first, or are public with a reason; each exports the hooks it needs", () => {
    const problems = routeFiles.flatMap((path) =>
      routeProblems(path, readFileSync(join(app, path), "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it("lists as public or about the person alone only routes that exist", () => {
    const listed = [...Object.keys(PUBLIC), ...Object.keys(PERSON_ONLY)].map(
      (key) => key.split("#")[0] as string,
    );
    expect(listed.filter((path) => !routeFiles.includes(path))).toEqual([]);
  });

  it("would name a client's page that guards without resolving the account", () => {
    const personal = `
      import { requireUser } from "~/session/guards.server";
      export async function loader({ request, context }) {
        const { user } = await requireUser(request, context);
        return readThread(user.id);
      }
    `;
    expect(routeProblems("routes/dashboard.notes.tsx", personal)).toEqual([
      "routes/dashboard.notes.tsx: its loader calls requireUser, not requireClient, first",
    ]);
  });

  it("would name a route whose loader reads before it guards, or that lacks its hooks", () => {
    const unguarded = `
      import { requireUser } from "~/session/guards.server";
      export async function loader({ request, context, params }) {
        const file = await readFile(params.id);
        await requireUser(request, context);
        return file;
      }
      export async function action({ request, context }) {
        const { user } = await requireUser(request, context);
        return save(user);
      }
      export default function Page() { return null; }
    `;
    expect(routeProblems("routes/files.$id.tsx", unguarded)).toEqual([
      "routes/files.$id.tsx: its loader does not call a guard (requireUser, requireClient, requireStaff, requireAnonymous, requireLinkSession) first",
      "routes/files.$id.tsx: does not re-export headers from ~/forms/page-hooks",
      "routes/files.$id.tsx: does not re-export shouldRevalidate from ~/forms/page-hooks",
      "routes/files.$id.tsx: does not re-export clientAction from ~/forms/page-hooks",
    ]);
  });
});
