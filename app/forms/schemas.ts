// The forms' schemas (zod), built on the input rules of validation.ts and shared by the components
// (whether a form may be sent) and the actions (what a post means). Each refusal names the issue
// the answer reports, see FORM_ISSUES.
import * as z from "zod/v4-mini";
import { toasts, type Toast } from "~/content/toasts";
import { canonicalTimeZone } from "~/lib/time-zones";
import { DAY_MS } from "~/programme/countdown";
import { isHttpsUrl } from "~/programme/https-url";
import { contrastWithWhite, hexColour, MIN_CONTRAST, type LandingFigure } from "~/brand/brand";
import { HAND_IN_KINDS, SPRINT_STATUSES, TASK_OWNERS, TASK_STATUSES } from "~/programme/model";
import { ID_PATTERN } from "~/programme/programme-schema";
import { PLAN_QUESTIONS_MAX } from "~/programme/client-plan-edits";
import {
  INVALID_EMAIL_HINT,
  isAcceptablePassword,
  isValidEmail,
  normalizeEmail,
  isHttpsAddress,
  PASSWORD_MAX_BYTES,
  withoutFormatControls,
} from "./validation";

/** How a refused field is answered: the toast, and the hint under the field (when it has one). */
export interface FormIssue {
  toast: Toast;
  hint?: string;
}

export const FORM_ISSUES = {
  invalidEmail: { toast: toasts.invalidEmail, hint: INVALID_EMAIL_HINT },
  weakPassword: {
    toast: toasts.passwordRequirements,
    hint: toasts.passwordRequirements.description,
  },
  missingPassword: { toast: toasts.invalidCredentials },
  missingCurrentPassword: {
    toast: toasts.currentPasswordWrong,
    hint: toasts.currentPasswordWrong.description,
  },
  taskNotFound: { toast: toasts.taskNotFound },
  editInvalid: { toast: toasts.editInvalid },
  dateInvalid: { toast: toasts.dateInvalid },
  noteTooLong: { toast: toasts.noteTooLong, hint: toasts.noteTooLong.description },
  messageEmpty: { toast: toasts.messageEmpty, hint: toasts.messageEmpty.description },
  messageTooLong: { toast: toasts.messageTooLong, hint: toasts.messageTooLong.description },
  mailModeUnknown: { toast: toasts.mailModeUnknown },
  timeZoneUnknown: { toast: toasts.timeZoneUnknown, hint: toasts.timeZoneUnknown.description },
  handInLinkInvalid: {
    toast: toasts.handInLinkInvalid,
    hint: toasts.handInLinkInvalid.description,
  },
  reviewDecisionUnknown: { toast: toasts.reviewDecisionUnknown },
  profileTooLong: { toast: toasts.profileTooLong, hint: toasts.profileTooLong.description },
  planTitleInvalid: { toast: toasts.planTitleInvalid, hint: toasts.planTitleInvalid.description },
  planTextInvalid: { toast: toasts.planTextInvalid, hint: toasts.planTextInvalid.description },
  planDueInvalid: { toast: toasts.planDueInvalid, hint: toasts.planDueInvalid.description },
  planItemMissing: { toast: toasts.planItemMissing },
  planHandInInvalid: {
    toast: toasts.planHandInInvalid,
    hint: toasts.planHandInInvalid.description,
  },
  planFormMissing: { toast: toasts.planFormMissing, hint: toasts.planFormMissing.description },
  planFormInvalid: { toast: toasts.planFormInvalid },
  planLinkInvalid: { toast: toasts.planLinkInvalid, hint: toasts.planLinkInvalid.description },
  reviewCommentMissing: {
    toast: toasts.reviewCommentMissing,
    hint: toasts.reviewCommentMissing.description,
  },
  newDueDayPast: { toast: toasts.newDueDayPast, hint: toasts.newDueDayPast.description },
  brandTextInvalid: { toast: toasts.brandTextInvalid, hint: toasts.brandTextInvalid.description },
  brandColourInvalid: {
    toast: toasts.brandColourInvalid,
    hint: toasts.brandColourInvalid.description,
  },
  brandLinkInvalid: { toast: toasts.brandLinkInvalid, hint: toasts.brandLinkInvalid.description },
  brandFigureInvalid: {
    toast: toasts.brandFigureInvalid,
    hint: toasts.brandFigureInvalid.description,
  },
} as const satisfies Record<string, FormIssue>;

export type FormIssueName = keyof typeof FORM_ISSUES;

const text = z.catch(z.string(), "");

/** An e-mail as the portal takes it: < and > dropped, trimmed, the simple pattern. */
const email = z.pipe(
  z.pipe(text, z.transform(normalizeEmail)),
  z.string().check(z.refine(isValidEmail, "invalidEmail" satisfies FormIssueName)),
);

const fitsBcrypt = (value: string) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES;

/** A password to sign in with: present, and short enough for the auth service. */
const password = text.check(
  z.refine((value) => value !== "" && fitsBcrypt(value), "missingPassword" satisfies FormIssueName),
);

/** A new password: the sign-up rules (4 of 5 checks, 8+ characters). */
const newPassword = text.check(
  z.refine(isAcceptablePassword, "weakPassword" satisfies FormIssueName),
);

export const signInSchema = z.object({ email, password });
export const signUpSchema = z.object({ email, password: newPassword });
/** The `intent` that tells the account page's forms apart (they post to one action). */
export const CHANGE_EMAIL_INTENT = "change-email";
export const CHANGE_PASSWORD_INTENT = "change-password";
export const MAIL_SETTINGS_INTENT = "mail-settings";
export const TIME_ZONE_INTENT = "time-zone";
/** The `intent` of a staff member's "follow this client's messages" switch, beside the thread. */
export const FOLLOW_INTENT = "follow";
/** The `intent`s of the console's invitation form and of 'Resend invitation' (one action). */
export const INVITE_INTENT = "invite";
export const RESEND_INVITATION_INTENT = "resend-invitation";
/** 'Cancel invitation' on an invited client's row (its `email` field names whom). */
export const CANCEL_INVITATION_INTENT = "cancel-invitation";
/** 'Remove' on a client's People tab and Team page (its `personId` field names whom). */
export const REMOVE_PERSON_INTENT = "remove-person";
/** 'Make primary contact' on a client's People tab (its `personId` field names whom). */
export const PRIMARY_CONTACT_INTENT = "primary-contact";
/** The account's name and switch on a client's People tab. */
export const ACCOUNT_SETTINGS_INTENT = "account-settings";
/** Deactivating a client account or making it active again (its `access` field says which). */
export const ACCOUNT_ACCESS_INTENT = "account-access";
/** The name a person goes by, on the account page. */
export const PERSON_NAME_INTENT = "person-name";
/** "Who does this" on a task's page (its `personId` field names whom; "" for anyone). */
export const ASSIGN_INTENT = "assign";
/** A task's form: its answers saved ("Save draft"), or saved and handed in ("Submit"). */
export const SAVE_ANSWERS_INTENT = "save-answers";
export const SUBMIT_ANSWERS_INTENT = "submit-answers";

export const emailSchema = z.object({ email });
export const newPasswordSchema = z.object({ password: newPassword });

/** The password the account already has, asked before its address or password changes. */
const currentPassword = text.check(
  z.refine(
    (value) => value !== "" && fitsBcrypt(value),
    "missingCurrentPassword" satisfies FormIssueName,
  ),
);

/** The account page's e-mail change: the new address and the current password. */
export const changeEmailSchema = z.object({
  newEmail: email,
  emailChangePassword: currentPassword,
});

export const changePasswordSchema = z.object({ currentPassword, password: newPassword });

/** A task ticked or unticked: the status wanted, so a repeated post changes nothing more. */
export const taskStatusSchema = z.object({
  taskId: z.string().check(z.regex(ID_PATTERN, "taskNotFound" satisfies FormIssueName)),
  status: z.enum(["completed", "pending"], "taskNotFound" satisfies FormIssueName),
});

/** An invitation from the staff console: the address to invite. */
export const inviteSchema = z.object({ email });

const percentText = z.pipe(
  text.check(z.regex(/^\d{1,3}$/, "editInvalid" satisfies FormIssueName)),
  z.transform(Number),
);

/** Percent fields of the staff console: a whole number from 0 to 100. */
export const percentSchema = z.pipe(
  percentText,
  z.number().check(z.maximum(100, "editInvalid" satisfies FormIssueName)),
);

/**
 * A moment typed into a datetime-local field, read as UTC; empty means none. A day its month does
 * not have (30 February) is refused, not moved into the next month.
 */
export const utcMomentSchema = z.pipe(
  text,
  z.transform((value, context) => {
    if (value === "") return null;
    const moment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? Date.parse(`${value}:00Z`) : NaN;
    if (Number.isNaN(moment) || moment < Date.UTC(2000, 0) || moment > Date.UTC(2100, 0)) {
      context.issues.push({ code: "custom", message: "editInvalid", input: value });
      return z.NEVER;
    }
    if (new Date(moment).toISOString().slice(0, 16) !== value) {
      context.issues.push({ code: "custom", message: "dateInvalid", input: value });
      return z.NEVER;
    }
    return moment;
  }),
);

export const overallEditSchema = z.object({ overallProgress: percentSchema });

/** A sprint's form in the staff console (its objectives and tasks are read field by field). */
export const sprintEditSchema = z.object({
  sprintId: z.pipe(
    text.check(z.regex(/^[1-9]\d?$/, "editInvalid" satisfies FormIssueName)),
    z.transform(Number),
  ),
  status: z.enum(SPRINT_STATUSES, "editInvalid" satisfies FormIssueName),
  progress: percentSchema,
  startedAt: utcMomentSchema,
});

export const taskStatusEditSchema = z.enum(TASK_STATUSES, "editInvalid" satisfies FormIssueName);

/** The longest name or company the agency gives a client. */
export const PROFILE_TEXT_MAX = 80;

/** One line of text a person typed, control and format characters dropped, trimmed. */
const oneLine = z.pipe(
  text,
  z.transform((value) => withoutFormatControls(value.replace(/\p{Cc}/gu, "")).trim()),
);

const profileText = z.pipe(
  oneLine,
  z.string().check(z.maxLength(PROFILE_TEXT_MAX, "profileTooLong" satisfies FormIssueName)),
);

/** Who a client is, as staff name them on the client's page (either may be left empty). */
export const clientProfileSchema = z.object({ name: profileText, company: profileText });

/** The name a person goes by, shown to their colleagues and the agency (may be left empty). */
export const personNameSchema = z.object({ personName: profileText });

/** A zone as Intl writes its name; "" as null where `orNone`. */
function zoneName(orNone: true): z.ZodMiniType<string | null>;
function zoneName(orNone: false): z.ZodMiniType<string>;
function zoneName(orNone: boolean): z.ZodMiniType<string | null> {
  return z.pipe(
    text,
    z.transform((value, context) => {
      if (orNone && value === "") return null;
      const zone = canonicalTimeZone(value);
      if (zone === null) {
        context.issues.push({ code: "custom", message: "timeZoneUnknown", input: value });
        return z.NEVER;
      }
      return zone;
    }),
  );
}

/**
 * A client account's name as its people see it, whether colleagues may invite colleagues, and the
 * zone ending its due days (null: its primary contact's; absent from an older form: unchanged).
 */
export const accountSettingsSchema = z.object({
  accountName: profileText,
  colleaguesMayInvite: z.pipe(
    text,
    z.transform((value) => value === "on"),
  ),
  dueTimeZone: z.optional(zoneName(true)),
});

export const accountAccessSchema = z.object({ access: z.enum(["deactivate", "reactivate"]) });

/** A new client from the console: the first person's address and the account's name, if any. */
export const clientInviteSchema = z.object({ email, accountName: profileText });

/** The `intent`s of a client's own programme page: an item's edit, and the moves beside it. */
export const PLAN_INTENTS = ["save", "add", "up", "down", "hide", "show"] as const;
/** The `intent` of the plan page's template switch. */
export const TEMPLATE_INTENT = "template";
export type PlanIntent = (typeof PLAN_INTENTS)[number];

/** Markdown as typed: line breaks as \n, other control and format characters dropped, trimmed. */
const typedMarkdown = z.pipe(
  text,
  z.transform((value) =>
    withoutFormatControls(value.replace(/\r\n?/g, "\n").replace(/[^\P{Cc}\n]/gu, "")).trim(),
  ),
);

const planItemId = text.check(z.regex(ID_PATTERN, "planItemMissing" satisfies FormIssueName));

/** A due date as days after the sprint's start, or as a day (YYYY-MM-DD); both empty: none. */
const dueDays = z.pipe(
  text,
  z.transform((value, context) => {
    if (value === "") return null;
    if (!/^\d{1,3}$/.test(value) || Number(value) > 366) {
      context.issues.push({ code: "custom", message: "planDueInvalid", input: value });
      return z.NEVER;
    }
    return Number(value);
  }),
);
const dueDay = z.pipe(
  text,
  z.transform((value, context) => {
    if (value === "") return null;
    const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    if (Number.isNaN(date) || new Date(date).toISOString().slice(0, 10) !== value) {
      context.issues.push({ code: "custom", message: "planDueInvalid", input: value });
      return z.NEVER;
    }
    // The calendar's day (days since the epoch), whatever the zone it is counted in.
    return date / DAY_MS;
  }),
);

/** A task's tool: an https:// address, or nothing. */
const toolLink = z.pipe(
  z.pipe(
    text,
    z.transform((value) => value.trim()),
  ),
  z.string().check(
    z.maxLength(2_000, "planLinkInvalid" satisfies FormIssueName),
    z.refine(
      (value) => value === "" || isHttpsUrl(value),
      "planLinkInvalid" satisfies FormIssueName,
    ),
  ),
);

/** A task or objective of one client's programme, as staff add or change it. */
const planItemFields = z.object({
  intent: z.enum(PLAN_INTENTS, "planItemMissing" satisfies FormIssueName),
  kind: z.enum(["task", "objective"], "planItemMissing" satisfies FormIssueName),
  itemId: z.optional(planItemId),
  sprintId: z.pipe(
    text.check(z.regex(/^[1-9]\d?$/, "planItemMissing" satisfies FormIssueName)),
    z.transform(Number),
  ),
  title: z.optional(
    oneLine.check(
      z.minLength(1, "planTitleInvalid" satisfies FormIssueName),
      z.maxLength(80, "planTitleInvalid" satisfies FormIssueName),
    ),
  ),
  description: z.optional(
    typedMarkdown.check(z.maxLength(2_000, "planTextInvalid" satisfies FormIssueName)),
  ),
  dueAfterDays: z.optional(dueDays),
  dueOn: z.optional(dueDay),
  owner: z.optional(z.enum(TASK_OWNERS, "planItemMissing" satisfies FormIssueName)),
  handIn: z.optional(z.enum(HAND_IN_KINDS, "planItemMissing" satisfies FormIssueName)),
  /** A checkbox: "on" when ticked, absent when not. */
  handInRequired: z.optional(text),
  link: z.optional(toolLink),
  /** Its form's questions as YAML (read on the server); "": the template's. */
  questions: z.optional(
    text.check(z.maxLength(PLAN_QUESTIONS_MAX, "planFormInvalid" satisfies FormIssueName)),
  ),
});

/** The task's other fields come as one, or (a form without them) not at all. */
export const planItemSchema = z.pipe(
  planItemFields,
  z.transform(({ owner, handIn, handInRequired, link, questions, ...item }) => ({
    ...item,
    ...(owner && handIn
      ? {
          task: { owner, handIn, handInRequired: handInRequired === "on", link: link ?? "" },
          questions: questions?.trim() ?? "",
        }
      : {}),
  })),
);

/** On the Templates page, a chosen client's checkbox: `client:<id>`. */
export const CHOSEN_CLIENT = "client:";

/** The template chosen for a client (on the invitation, or before they start). */
export const templateChoiceSchema = z.object({
  templateId: text.check(z.regex(ID_PATTERN, "editInvalid" satisfies FormIssueName)),
});

/** The longest note that goes with a shared file. */
export const FILE_NOTE_MAX = 2_000;

/** The text that goes with a shared file (the file itself is read from the upload). */
export const shareFileSchema = z.object({
  note: z.pipe(
    z.pipe(
      text,
      z.transform((value) => withoutFormatControls(value).trim()),
    ),
    z.string().check(z.maxLength(FILE_NOTE_MAX, "noteTooLong" satisfies FormIssueName)),
  ),
});

/** The longest message, in characters. */
export const MESSAGE_MAX = 5_000;

/** A message as stored: line breaks as \n, no other control or format character, trimmed. */
export function messageText(value: string): string {
  return withoutFormatControls(
    value.replace(/\r\n?/g, "\n").replace(/(?![\n\t])\p{Cc}/gu, ""),
  ).trim();
}

export const messageSchema = z.object({
  body: z.pipe(
    z.pipe(text, z.transform(messageText)),
    z
      .string()
      .check(
        z.minLength(1, "messageEmpty" satisfies FormIssueName),
        z.maxLength(MESSAGE_MAX, "messageTooLong" satisfies FormIssueName),
      ),
  ),
  /** Staff only: a note the client never receives (a checkbox, "on" when ticked). */
  internal: z.pipe(
    text,
    z.transform((value) => value === "on"),
  ),
});

/** How a person wants mail about messages: each (batched), a daily digest, or none. */
export const MAIL_MODES = ["each", "daily", "off"] as const;

/** Task reminders (and, for staff, the daily overdue summary): on ("each") or off. */
export const REMINDER_MODES = ["each", "off"] as const;

export const mailSettingsSchema = z.object({
  messages: z.enum(MAIL_MODES, "mailModeUnknown" satisfies FormIssueName),
  /** Absent from a form drawn before reminders existed: left as it is. */
  reminders: z.optional(z.enum(REMINDER_MODES, "mailModeUnknown" satisfies FormIssueName)),
});

/**
 * A time zone as Intl names it, written the way Intl writes it: chosen on the account page, or
 * sent by the sign-in form's script (where anything else is quietly left out).
 */
export const timeZoneSchema = z.object({
  timeZone: zoneName(false),
});

/** The longest link a hand-in may carry. */
export const HAND_IN_LINK_MAX = 2_000;

/** A hand-in's text (its files are read from the upload): an optional https link and a note. */
export const handInSchema = z.object({
  link: z.pipe(
    z.pipe(
      text,
      z.transform((value) => value.trim()),
    ),
    z.string().check(
      z.maxLength(HAND_IN_LINK_MAX, "handInLinkInvalid" satisfies FormIssueName),
      z.refine(
        (value) => value === "" || isHttpsAddress(value),
        "handInLinkInvalid" satisfies FormIssueName,
      ),
    ),
  ),
  note: shareFileSchema.shape.note,
});

/** The `intent` of a comment posted on a task's page (its other form hands in work). */
export const COMMENT_INTENT = "comment";

export const REVIEW_DECISIONS = ["approved", "changes-requested"] as const;

/** A review of one hand-in: the decision, and the comment "Request changes" needs. */
export const reviewSchema = z
  .object({
    handInId: z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,15}$/, "reviewDecisionUnknown" satisfies FormIssueName)),
      z.transform(Number),
    ),
    decision: z.enum(REVIEW_DECISIONS, "reviewDecisionUnknown" satisfies FormIssueName),
    comment: z.pipe(
      z.pipe(text, z.transform(messageText)),
      z.string().check(z.maxLength(MESSAGE_MAX, "messageTooLong" satisfies FormIssueName)),
    ),
    /** With "Request changes": the task's new due day (absent: two days from today). */
    dueOn: z.optional(dueDay),
  })
  .check(
    z.refine((review) => review.decision === "approved" || review.comment !== "", {
      message: "reviewCommentMissing" satisfies FormIssueName,
      path: ["comment"],
    }),
  );

/** 'Remove Logo' in Settings. */
export const REMOVE_LOGO_INTENT = "remove-logo";

/** The longest of each of the agency's words in Settings. */
export const BRAND_TEXT_MAX = {
  name: 80,
  senderName: 80,
  badge: 40,
  tagline: 120,
  introduction: 400,
  figureValue: 12,
  figureLabel: 40,
} as const;

/** One line of at most `max` characters; "" allowed only where not `required`. */
const brandLine = (max: number, required: boolean) =>
  z.pipe(
    oneLine,
    z
      .string()
      .check(
        z.refine(
          (value) => value.length <= max && (!required || value !== ""),
          "brandTextInvalid" satisfies FormIssueName,
        ),
      ),
  );

/** "" as null, else an address as the portal takes it. */
const optionalEmail = z.pipe(
  z.pipe(text, z.transform(normalizeEmail)),
  z.pipe(
    z
      .string()
      .check(
        z.refine(
          (value) => value === "" || isValidEmail(value),
          "invalidEmail" satisfies FormIssueName,
        ),
      ),
    z.transform((value) => (value === "" ? null : value)),
  ),
);

/** "" as null, else a colour white text keeps its contrast on. */
const brandColour = z.pipe(
  text,
  z.transform((value, context) => {
    if (value.trim() === "") return null;
    const colour = hexColour(value);
    if (colour === null || contrastWithWhite(colour) < MIN_CONTRAST) {
      context.issues.push({ code: "custom", message: "brandColourInvalid", input: value });
      return z.NEVER;
    }
    return colour;
  }),
);

/** The fields Settings posts, each as typed (what the form shows again when refused). */
export const SETTINGS_FIELDS = [
  "name",
  "colour",
  "senderName",
  "replyTo",
  "supportEmail",
  "bookingUrl",
  "badge",
  "tagline",
  "introduction",
  "figureValue0",
  "figureLabel0",
  "figureValue1",
  "figureLabel1",
  "figureValue2",
  "figureLabel2",
] as const;

export type SettingsField = (typeof SETTINGS_FIELDS)[number];

const figureValue = brandLine(BRAND_TEXT_MAX.figureValue, false);
const figureLabel = brandLine(BRAND_TEXT_MAX.figureLabel, false);

/** The numbers of the landing page's figure fields. */
const FIGURES = [0, 1, 2] as const;

/**
 * The agency's settings as Settings posts them, the figures as numbered fields (0 to 2) read into
 * a list: each figure given whole (its number and its words) or not at all.
 */
export const brandSettingsSchema = z.pipe(
  z.object({
    name: brandLine(BRAND_TEXT_MAX.name, true),
    colour: brandColour,
    senderName: z.pipe(
      brandLine(BRAND_TEXT_MAX.senderName, false),
      z.transform((value) => (value === "" ? null : value)),
    ),
    replyTo: optionalEmail,
    supportEmail: optionalEmail,
    bookingUrl: z.pipe(
      oneLine,
      z.pipe(
        z
          .string()
          .check(
            z.refine(
              (value) => value === "" || isHttpsUrl(value),
              "brandLinkInvalid" satisfies FormIssueName,
            ),
          ),
        z.transform((value) => (value === "" ? null : value)),
      ),
    ),
    badge: brandLine(BRAND_TEXT_MAX.badge, true),
    tagline: brandLine(BRAND_TEXT_MAX.tagline, true),
    introduction: brandLine(BRAND_TEXT_MAX.introduction, true),
    figureValue0: figureValue,
    figureLabel0: figureLabel,
    figureValue1: figureValue,
    figureLabel1: figureLabel,
    figureValue2: figureValue,
    figureLabel2: figureLabel,
  }),
  z.transform((posted, context) => {
    const figures: LandingFigure[] = [];
    for (const index of FIGURES) {
      const value = posted[`figureValue${index}`];
      const label = posted[`figureLabel${index}`];
      if (value === "" && label === "") continue;
      if (value === "" || label === "") {
        const path = [value === "" ? `figureValue${index}` : `figureLabel${index}`];
        context.issues.push({ code: "custom", message: "brandFigureInvalid", input: posted, path });
      }
      figures.push({ value, label });
    }
    if (context.issues.length > 0) return z.NEVER;
    const { name, colour, senderName, replyTo, supportEmail, bookingUrl } = posted;
    const { badge, tagline, introduction } = posted;
    return {
      name,
      colour,
      senderName,
      replyTo,
      supportEmail,
      bookingUrl,
      landing: { badge, tagline, introduction, figures },
    };
  }),
);
