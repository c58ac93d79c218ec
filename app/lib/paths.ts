// Every page and form address of the app, for links, form actions and redirects: a path is written
// once, here.
export const HOME_PATH = "/";
export const DASHBOARD_PATH = "/dashboard";
export const ACCOUNT_PATH = "/dashboard/account";
export const SIGN_IN_PATH = "/sign-in";
export const SIGN_UP_PATH = "/sign-up";
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_PASSWORD_PATH = "/reset-password";
export const CONFIRM_LINK_PATH = "/auth/confirm";
export const RESEND_CONFIRMATION_PATH = "/auth/resend-confirmation";
export const SIGN_OUT_PATH = "/auth/sign-out";
export const SIGN_OUT_EVERYWHERE_PATH = "/auth/sign-out-everywhere";
/** Where an invitation's link lands: the invitee chooses a password there. */
export const WELCOME_PATH = "/welcome";
/**
 * The query parameter of `/welcome` for a sign-up confirmed in a browser that did not make it: the
 * page says why it asks for a password.
 */
export const CONFIRMED_ELSEWHERE_PARAM = "confirmed-elsewhere";
/** Where a notification mail's link turns that kind of mail off (no sign-in needed). */
export const UNSUBSCRIBE_PATH = "/unsubscribe";
export const STAFF_PATH = "/staff";
/** A thread's filter: `?notices=hidden` leaves out its messages about tasks (hand-ins, reviews). */
export const NOTICES_PARAM = "notices";
export const NOTICES_HIDDEN = "hidden";
/** A staff member's own account page (their name, password, mail, zone), in the console. */
export const STAFF_ACCOUNT_PATH = "/staff/account";
/** The agency's own settings: its name, colour, sender and landing words. */
export const STAFF_SETTINGS_PATH = "/staff/settings";
/** The client list's own action (an index route's, hence `?index`): invitations. */
export const INVITE_ACTION = "/staff?index";
/** The resource route the sidebar's toggle form posts to without JavaScript. */
export const SIDEBAR_TOGGLE_PATH = "/resources/sidebar";
/** A signed-in tab's live stream (server-sent events). */
export const LIVE_PATH = "/resources/live";

/** A sprint's page, e.g. `/dashboard/sprint-1`. */
export function sprintPath(sprintId: number): string {
  return `${DASHBOARD_PATH}/sprint-${sprintId}`;
}

/** The query parameter naming the task a client just marked not done (its toast offers "Undo"). */
export const UNDONE_TASK_PARAM = "undone";

/** The query parameter of an older page of a client's audit trail (`<at>.<id>`). */
export const TRAIL_PAGE_PARAM = "older";

/** The query parameter of the client list's filter (`/staff?show=stuck`). */
export const CLIENT_FILTER_PARAM = "show";

/** One client's page in the staff console. */
export function staffClientPath(userId: string): string {
  return `${STAFF_PATH}/clients/${userId}`;
}

/** The client's thread with the agency. */
export const MESSAGES_PATH = "/dashboard/messages";

/** Every client's thread, for staff: those waiting for an answer first. */
export const STAFF_MESSAGES_PATH = "/staff/messages";

/** One client's thread in the staff console. */
export function staffClientMessagesPath(userId: string): string {
  return `${staffClientPath(userId)}/messages`;
}

/** The client's files: everything shared either way. */
export const FILES_PATH = "/dashboard/files";
export const TEAM_PATH = "/dashboard/team";

/** One client's files in the staff console, where staff share one. */
/** One client's own programme: their template, and their tasks and objectives as staff change them. */
export function staffClientPlanPath(userId: string): string {
  return `${staffClientPath(userId)}/plan`;
}

export function staffClientFilesPath(userId: string): string {
  return `${staffClientPath(userId)}/files`;
}

export function staffClientPeoplePath(userId: string): string {
  return `${staffClientPath(userId)}/people`;
}

/** A file's download. */
export function fileDownloadPath(fileId: string): string {
  return `/resources/files/${fileId}`;
}

/** A task's page, where the client hands in its work and discusses it. */
export function taskPath(sprintId: number, taskId: string): string {
  return `${sprintPath(sprintId)}/tasks/${taskId}`;
}

/** Where a task's hand-in is posted from a script, which follows the upload's progress. */
export function handInUploadPath(sprintId: number, taskId: string): string {
  return `/resources/hand-ins/sprint-${sprintId}/${taskId}`;
}

/** What the save of a form's answers redirects to once saved: its own address with this mark. */
export const SAVED_PARAM = "saved";

/** Where the page's script saves a task form's answers as the client writes them. */
export function answersSavePath(sprintId: number, taskId: string): string {
  return `/resources/answers/sprint-${sprintId}/${taskId}`;
}

/** Hand-ins waiting for review, across clients. */
export const REVIEWS_PATH = "/staff/reviews";
/** Replies by mail held for staff: post each to its thread, or discard it. */
export const HELD_MAIL_PATH = "/staff/held-mail";
/** Held mail's two answers: its words posted to its thread, or the mail discarded. */
export const POST_HELD_INTENT = "post";
export const DISCARD_HELD_INTENT = "discard";
/** The programme templates, and the clients kept on an earlier version of one. */
export const TEMPLATES_PATH = "/staff/templates";

/** One client's task in the staff console: its hand-ins, their review, its discussion. */
export function staffClientTaskPath(userId: string, taskId: string): string {
  return `${staffClientPath(userId)}/tasks/${taskId}`;
}

/** A client's task as `role` opens it: staff on the client's console page, the client on theirs. */
export function taskPathFor(
  role: "client" | "staff",
  clientId: string,
  task: { sprintId: number; taskId: string },
): string {
  return role === "staff"
    ? staffClientTaskPath(clientId, task.taskId)
    : taskPath(task.sprintId, task.taskId);
}

/**
 * The `intent`s of a client's People tab that start a preview (its `personId` field names as
 * whom) and end it (posted from the preview's banner).
 */
export const PREVIEW_INTENT = "preview";
export const END_PREVIEW_INTENT = "end-preview";

/** Where a mail provider posts a mail received (the raw message). */
export const INBOUND_MAIL_HOOK_PATH = "/hooks/inbound-mail";

/**
 * What a post to `path` carries that is larger than a form: a mail received (any body), and for a
 * multipart post one shared file, a hand-in's files or the logo; else nothing.
 */
export function uploadAt(
  path: string,
  contentType = "multipart/form-data",
): "shared-file" | "hand-in" | "logo" | "inbound-mail" | null {
  if (path === INBOUND_MAIL_HOOK_PATH) return "inbound-mail";
  if (!/^multipart\/form-data/i.test(contentType)) return null;
  if (path === STAFF_SETTINGS_PATH) return "logo";
  if (/^\/staff\/clients\/[^/]+\/files$/.test(path)) return "shared-file";
  if (/^(\/dashboard\/sprint-\d+\/tasks|\/resources\/hand-ins\/sprint-\d+)\/[^/]+$/.test(path)) {
    return "hand-in";
  }
  return null;
}

/** Every version of a task's form one client handed in, as CSV. */
export function clientAnswersCsvPath(clientId: string, taskId: string): string {
  return `${staffClientTaskPath(clientId, taskId)}/answers.csv`;
}

/** The latest form each client of a template handed in on a task, as CSV. */
export function templateAnswersCsvPath(templateId: string, taskId: string): string {
  return `/staff/templates/${templateId}/tasks/${taskId}/answers.csv`;
}
