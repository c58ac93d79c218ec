// Debian's real Dovecot for the mailbox tests: its own IMAP server on 127.0.0.1 and a free port,
// one user with a password (no TLS), maildir storage, its sockets, state and log all in a temp dir,
// so a system Dovecot, running or not, plays no part.
import { spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./processes";

const DOVECOT = "/usr/sbin/dovecot";
const USER = "portal-replies";
/** With characters a URL must escape, as a real password may have. */
const PASSWORD = "mailbox/test@pass%word";
/** The services that chroot by default, which only root may do. */
const UNCHROOTED_AS_USER = [
  "aggregator",
  "anvil",
  "director",
  "imap-login",
  "imap-urlauth-login",
  "ipc",
  "old-stats",
];

export interface RunningDovecot {
  /** imap://user:password@127.0.0.1:port/INBOX */
  url: string;
  /** Stops Dovecot and removes its folder. */
  stop(): Promise<void>;
}

/** The fields of the line of /etc/passwd or /etc/group whose field number `field` is `value`. */
function systemEntry(file: string, field: 0 | 2, value: string): string[] {
  const entry = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .find((fields) => fields[field] === value);
  if (!entry) throw new Error(`${value} is not in ${file}`);
  return entry;
}

/**
 * Who Dovecot's processes run as. As root: the users Debian's package made for its own processes
 * and `mail` for the mailbox. As anyone else: that user (and group) for everything, unchrooted.
 */
function processUsers() {
  if (process.getuid?.() === 0) {
    const [, , uid, gid] = systemEntry("/etc/passwd", 0, "mail");
    const ids = { uid: Number(uid), gid: Number(gid) };
    return {
      internal: "dovecot",
      internalGroup: "dovecot",
      login: "dovenull",
      ...ids,
      serviceBlocks: [],
    };
  }
  const { username, uid, gid } = userInfo();
  const [group = ""] = systemEntry("/etc/group", 2, String(gid));
  const unchrooted = UNCHROOTED_AS_USER.map((name) => `service ${name} {\n  chroot =\n}\n`);
  return {
    internal: username,
    internalGroup: group,
    login: username,
    uid,
    gid,
    serviceBlocks: unchrooted,
  };
}

function configOf(folder: string, port: number): string {
  const users = processUsers();
  const mail = join(folder, "mail");
  mkdirSync(mail);
  chownSync(mail, users.uid, users.gid);
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${join(folder, "run")}
state_dir = ${join(folder, "state")}
log_path = ${join(folder, "dovecot.log")}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A refused login is answered at once (Dovecot still slows the next logins from the address).
auth_failure_delay = 0
default_internal_user = ${users.internal}
default_internal_group = ${users.internalGroup}
default_login_user = ${users.login}
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:${mail}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${join(folder, "passwd")}
}
userdb {
  driver = static
  args = uid=${users.uid} gid=${users.gid} home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
${users.serviceBlocks.join("")}`;
}

/** Whether the user can log in to the mailbox yet. */
async function logsIn(port: number): Promise<boolean> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port,
    secure: false,
    auth: { user: USER, pass: PASSWORD },
    logger: false,
  });
  client.on("error", () => {
    // Refused until Dovecot listens: the caller tries again.
  });
  try {
    await client.connect();
    await client.logout();
    return true;
  } catch {
    client.close();
    return false;
  }
}

/** Starts Dovecot in the foreground with its own config; resolves once the user can log in. */
export async function startDovecot(): Promise<RunningDovecot> {
  if (!existsSync(DOVECOT)) {
    throw new Error(`${DOVECOT} is missing: node scripts/ensure-system-packages.mjs dovecot`);
  }
  const folder = mkdtempSync(join(tmpdir(), "portal-dovecot-"));
  // Dovecot's own processes (its users, not root) reach their sockets and the mail through it.
  chmodSync(folder, 0o755);
  const port = freePort();
  writeFileSync(join(folder, "passwd"), `${USER}:{PLAIN}${PASSWORD}::::::\n`, { mode: 0o644 });
  const config = join(folder, "dovecot.conf");
  writeFileSync(config, configOf(folder, port));
  const child = spawn(DOVECOT, ["-F", "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const logOf = () => {
    try {
      return readFileSync(join(folder, "dovecot.log"), "utf8");
    } catch {
      return "";
    }
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (await logsIn(port)) {
      const auth = `${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}`;
      return { url: `imap://${auth}@127.0.0.1:${port}/INBOX`, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = `${output}${logOf()}`;
  await stop();
  throw new Error(`Dovecot did not take a login on port ${port}:\n${log}`);
}
