// Every toast the product shows, with its exact title and text: the success messages and the
// product's error catalogue.

export type ToastVariant = "success" | "error";

export interface Toast {
  title: string;
  description: string;
  variant: ToastVariant;
}

/** A button a page puts in the toast it shows (a form post, e.g. undoing what the toast reports). */
export interface ToastAction {
  label: string;
  /** Where the form posts, and its fields. */
  action: string;
  fields: Record<string, string>;
}

/** A toast as an answer carries it: the id lets the page show each one once. */
export interface ShownToast extends Toast {
  id: string;
}

function error(title: string, description: string): Toast {
  return { title, description, variant: "error" };
}

function success(title: string, description: string): Toast {
  return { title, description, variant: "success" };
}

export const AUTH_ERROR_TITLE = "Authentication Error";

export const toasts = {
  signedIn: success("Welcome Back!", "You have successfully signed in."),
  accountCreated: success("Account Created!", "Please check your email to verify your account."),
  emailConfirmed: success("Email Confirmed!", "Your email is verified and you are signed in."),
  confirmedChoosePassword: success(
    "Email Confirmed!",
    "Your email is verified. Choose the password you will sign in with.",
  ),
  invalidEmail: error("Invalid Email", "Please enter a valid email address."),
  passwordRequirements: error(
    "Password Requirements",
    "Please ensure your password meets all security requirements.",
  ),
  connectionError: error(
    "Connection Error",
    "Unable to connect to authentication service. Please try again.",
  ),
  /** A post of the client's or the agency's work that got no answer (not an auth form's). */
  notInvited: error(
    "Not an Invitation",
    "That address has accepted its invitation or has none: nothing was cancelled.",
  ),
  connectionLost: error(
    "Connection Error",
    "The connection was lost before the portal answered: what you entered is kept. Please try again.",
  ),
  storeFailed: error(
    "Connection Error",
    "The file store could not be reached: nothing was sent, and what you entered is kept. Please try again.",
  ),
  emailNotConfirmed: error(
    AUTH_ERROR_TITLE,
    "Please check your email and click the confirmation link.",
  ),
  invalidCredentials: error(AUTH_ERROR_TITLE, "Invalid email or password. Please try again."),
  alreadyRegistered: error(
    AUTH_ERROR_TITLE,
    "An account with this email already exists. Please sign in instead.",
  ),
  authFailed: error(
    AUTH_ERROR_TITLE,
    "Authentication failed. Please check your credentials and try again.",
  ),
  tooManyAttempts: error(
    "Too Many Attempts",
    "Too many attempts from this device or for this email. Please wait a few minutes and try again.",
  ),
  resetLinkVerified: success("Link Verified", "Choose a new password for your account."),
  passwordUpdated: success(
    "Password Updated",
    "Your new password is set, and your other devices have been signed out.",
  ),
  samePassword: error(
    "Password Unchanged",
    "Your new password must be different from your current password.",
  ),
  currentPasswordWrong: error(AUTH_ERROR_TITLE, "Your current password is incorrect."),
  signedOutEverywhere: success("Signed Out", "You have been signed out of all devices."),
  confirmationResent: success(
    "Email Sent",
    "We've sent a new confirmation link. Please check your email; if nothing arrives within a minute, ask again.",
  ),
  emailChanged: success(
    "Email Changed",
    "Your new email address is confirmed and you are signed in.",
  ),
  emailChangeHalfConfirmed: success(
    "One More Step",
    "Now open the link sent to your other email address to finish the change.",
  ),
  sameEmail: error("Email Unchanged", "That is already your email address."),
  taskNotFound: error(
    "Task Not Found",
    "That task is not part of this sprint. Please reload the page.",
  ),
  personNotFound: error(
    "Person Not Found",
    "That person is not one of this client's people. Please reload the page.",
  ),
  primaryContactStays: error(
    "Primary Contact Stays",
    "Make someone else the primary contact first: a client always has one.",
  ),
  nameSaved: success("Name Saved", "Your colleagues and the agency see it from now on."),
  taskAssigned: success("Saved", "The task shows who does it, to everyone working on it."),
  teamNotYours: error(
    "Ask Your Primary Contact",
    "Only your primary contact can invite or remove colleagues, when the agency allows it.",
  ),
  sprintLocked: error(
    "Sprint Locked",
    "This sprint opens once the sprints before it are complete.",
  ),
  signUpsClosed: error(
    "Sign-ups Closed",
    "This portal is by invitation only. Ask your contact at the agency for an invitation.",
  ),
  invitationAccepted: success("Invitation Accepted", "Choose a password to finish setting up."),
  welcome: success("Welcome!", "Your password is set and your programme is ready."),
  changesSaved: success("Changes Saved", "The client sees them at their next page view."),
  nothingChanged: success("No Changes", "Nothing differed from the client's programme."),
  clientDeactivated: success(
    "Client Deactivated",
    "Its people are signed out at their next request and mailed nothing more. Nothing was deleted.",
  ),
  clientReactivated: success("Client Reactivated", "Its people can sign in again."),
  editInvalid: error(
    "Check the Form",
    "Progress is a whole number from 0 to 100, and a start is a date and time.",
  ),
  dateInvalid: error("Check the Date", "That day does not exist: pick a day of its month."),
  fileShared: success("File Shared", "The client finds it under Files."),
  fileMissing: error("Choose a File", "Pick the file to share."),
  messageEmpty: error("Empty Message", "Write something before you send it."),
  mailModeUnknown: error("Choose an Option", "Choose how you want to hear about new messages."),
  mailSettingsSaved: success("Settings Saved", "Your e-mail settings are saved."),
  timeZoneUnknown: error("Choose a Time Zone", "Choose your time zone from the list."),
  timeZoneSaved: success("Time Zone Saved", "Reminders come at 9:00 in your time zone."),
  threadFollowed: success("Following", "You will be mailed about this client's messages."),
  threadUnfollowed: success(
    "Not Following",
    "You will not be mailed about this client's messages.",
  ),
  messageTooLong: error("Message Too Long", "A message can be up to 5,000 characters."),
  noteTooLong: error("Note Too Long", "A note can be up to 2,000 characters."),
  profileTooLong: error("Too Long", "A name or company can be up to 80 characters."),
  planTitleInvalid: error("Check the Title", "A title is 1 to 80 characters."),
  planTextInvalid: error(
    "Check the Description",
    "Up to 2,000 characters for a task and 400 for an objective; links start with https:// or mailto:.",
  ),
  planDueInvalid: error(
    "Check the Due Date",
    "A task is due on its sprint's first day or up to 366 days after it.",
  ),
  planItemMissing: error("Not Found", "That task or objective is not in this client's programme."),
  planHandInInvalid: error(
    "Choose What to Hand In",
    "A task done when you approve it asks for files, a link or a form.",
  ),
  planFormMissing: error(
    "Give It Questions",
    "A task that hands in a form asks questions: write them under Questions.",
  ),
  planFormInvalid: error("Check the Questions", "Each problem is listed with its line."),
  planLinkInvalid: error("Check the Tool Link", "A tool link starts with https://."),
  brandTextInvalid: error(
    "Check the Settings",
    "Fill in each required field, within the length shown beside it.",
  ),
  brandColourInvalid: error(
    "Choose Another Colour",
    "White text must keep a contrast of at least 4.5:1 on it: choose a darker colour, as #rrggbb.",
  ),
  brandLinkInvalid: error("Check the Booking Page", "A booking page starts with https://."),
  brandFigureInvalid: error("Check the Figures", "Give each figure both its number and its words."),
  logoMissing: error("Choose a Logo", "Choose an image file to upload."),
  logoKind: error("Not an Image We Take", "A logo is a PNG, JPEG or WebP image."),
  logoTooLarge: error(
    "Logo Too Large",
    "A logo is at most 1 MB and 4,000 pixels wide or tall: export a smaller one.",
  ),
  logoUnreadable: error("Logo Unreadable", "This image could not be read: export it again."),
  settingsChangedMeanwhile: error(
    "Changed Meanwhile",
    "Someone saved the settings while you edited them: reload the page to see theirs, then save again.",
  ),
  settingsSaved: success("Settings Saved", "Every page and mail shows them from now on."),
  heldMailPosted: success("Posted to the Thread", "The reply is in the client's thread."),
  heldMailDiscarded: success("Mail Discarded", "It stays in the inbound log as discarded."),
  heldMailGone: error("Already Decided", "Someone decided about this mail meanwhile."),
  heldMailNoThread: error("No Thread", "This mail names no thread it could be posted to."),
  templateSwitchRefused: error(
    "Already Started",
    "A client's template can be switched only before they open a sprint or tick a task.",
  ),
  templateApplied: success("Template Applied", "The chosen clients follow its current version."),
  uploadBroken: error("Upload Failed", "The file did not arrive whole. Please try again."),
  uploadsBusy: error(
    "Uploads Under Way",
    "Two uploads for this client are still on their way: try again once one has finished.",
  ),
  handedIn: success("Submitted for Review", "The agency reviews your work and answers here."),
  handInFilesMissing: error("Add Your Files", "This task asks for files: choose at least one."),
  handInLinkMissing: error(
    "Add the Link",
    "This task asks for a link: paste its https:// address.",
  ),
  handInLinkInvalid: error("Check the Link", "A link starts with https:// and is one address."),
  handInWaiting: error(
    "Already in Review",
    "Your latest version is with the agency: hand in again once they answer.",
  ),
  agencyMarksIt: error(
    "The Agency's Task",
    "Your team marks this task done once they have done it.",
  ),
  handInMarksIt: error(
    "Hand It In",
    "This task is done once the agency approves what you hand in: open it to hand in your work.",
  ),
  handInByStaff: error(
    "For Clients",
    "Clients hand in their work here; staff review it in the console.",
  ),
  handInNotAsked: error("Nothing to Hand In", "This task is done with its tick, not a hand-in."),
  answersSaved: success(
    "Draft Saved",
    "Your answers are kept: finish them any time, on any device.",
  ),
  answersRefused: error(
    "Check Your Answers",
    "Some answers need a change: see the notes beside them.",
  ),
  answersMissing: error(
    "Answer Every Required Question",
    "Some required questions have no answer yet: see the notes beside them.",
  ),
  answersLocked: error(
    "Answers Handed In",
    "These answers are with the agency: they can be changed once the agency asks for changes.",
  ),
  reviewCommentMissing: error("Say What to Change", "Write what the client should change."),
  newDueDayPast: error("Check the New Due Day", "Give the client today or a later day."),
  reviewDecisionUnknown: error("Choose a Decision", "Approve the work or request changes."),
  reviewedAlready: error("Already Reviewed", "Someone decided on this version first."),
  approved: success("Approved", "The task is done; the client is told."),
  changesRequested: success("Changes Requested", "The client is told what to change."),
  commentSent: success("Comment Sent", "It is part of the task's discussion."),
} as const satisfies Record<string, Toast>;

/** The answer to a reset request, the same whether or not the address has an account. */
export function resetLinkSent(email: string): Toast {
  return success(
    "Check Your Email",
    `If an account exists for ${email}, we've sent a link to reset your password.`,
  );
}

/** The answer to an e-mail change request: the link goes to the new address. */
export function emailChangeSent(email: string): Toast {
  return success(
    "Check Both Inboxes",
    `Open the links sent to ${email} and to your current address to confirm the change. Until then, sign in with your current email.`,
  );
}

/** A wait in words: "45 seconds" under a minute, then whole minutes rounded up ("4 minutes"). */
function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The auth service's per-address gap between two mails, in words. */
export function waitBeforeAnotherEmail(seconds: number): Toast {
  return error("Please Wait", `You can ask for another email in ${waitInWords(seconds)}.`);
}

/** The answer to an invitation the auth service mailed. */
export function invitationSent(email: string): Toast {
  return success("Invitation Sent", `We've sent an invitation to ${email}.`);
}

/** The answer to 'Resend invitation': a new mail, whose link replaces the earlier one's. */
export function invitationResent(email: string): Toast {
  return success(
    "Invitation Sent Again",
    `We've sent ${email} a new invitation. The link in the earlier one no longer works.`,
  );
}

/** The answer to 'Cancel invitation': its link no longer works, and the client is no longer listed. */
export function invitationCancelled(email: string): Toast {
  return success("Invitation Cancelled", `The invitation to ${email} no longer works.`);
}

/** An invitation a rate limit held back: when another one may go to that address. */
export function invitationWait(email: string, seconds: number): Toast {
  return error(
    "Please Wait",
    `You can send another invitation to ${email} in ${waitInWords(seconds)}.`,
  );
}

/** The answer to 'Add a person' for someone removed before: no mail, their sign-in as it was. */
export function personRejoined(email: string): Toast {
  return success("Access Restored", `${email} can sign in to this client's portal again.`);
}

/** The answer to 'Make primary contact' on a client's People tab. */
export function primaryContactChosen(email: string): Toast {
  return success("Primary Contact Changed", `${email} is now this client's primary contact.`);
}

/** The answer to 'Remove' on a client's People tab or Team page. */
export function personRemoved(email: string): Toast {
  return success("Person Removed", `${email} no longer has access to this client's portal.`);
}

/** An invitation to an address that already has an account: nothing is mailed. */
export function alreadyClient(email: string): Toast {
  return error(
    "Already Has an Account",
    `${email} already has an account: they can sign in, or use 'Forgot password?'.`,
  );
}

/** A task the client marked not done (the toast offers to undo it). */
export function taskUndone(title: string): Toast {
  return success("Marked Not Done", `${title} is no longer done.`);
}

/** A change the programme's rules refuse, in the rule's own words. */
export function editRefused(reason: string): Toast {
  return error("Not Saved", reason);
}

/** An upload refused for its number of files. */
export function tooManyFiles(maxFiles: number): Toast {
  return error(
    "Too Many Files",
    maxFiles === 1 ? "Send one file at a time." : `Send up to ${maxFiles} files at once.`,
  );
}

/** An upload that would pass the client's storage, as the client (or staff, `forStaff`) reads it. */
export function storageFull(maxBytes: number, forStaff = false): Toast {
  const gigabytes = maxBytes / 1024 ** 3;
  const amount =
    gigabytes >= 1
      ? `${Math.round(gigabytes * 10) / 10} GB`
      : `${Math.round((maxBytes / 1024 ** 2) * 10) / 10} MB`;
  return error(
    "Storage Full",
    forStaff
      ? `This client's files can take up to ${amount}, and this one would pass that.`
      : `Your files can take up to ${amount}. Ask the agency to make room, then try again.`,
  );
}

/** An upload refused for its size. */
export function fileTooLarge(maxBytes: number): Toast {
  return error("File Too Large", `A file can be up to ${Math.floor(maxBytes / 1024 / 1024)} MB.`);
}

/** An upload of a kind of file that is not shared at all (a program, a web page, an SVG…). */
export function fileKindNotAllowed(name: string): Toast {
  return error(
    "File Type Not Allowed",
    `“${name}”: this kind of file cannot be shared. Documents, spreadsheets, slides, PDFs, images, audio, video, text and zip files can.`,
  );
}

/** An upload whose bytes are not what its name says (`claimed`, `found`: "a PDF", "a PNG image"). */
export function fileNotWhatItsNameSays(name: string, claimed: string, found: string): Toast {
  return error("File Type Mismatch", `“${name}” is not ${claimed}: its contents are ${found}.`);
}

/** An upload of a file with no bytes. */
export function fileEmpty(name: string): Toast {
  return error("Empty File", `“${name}” is empty.`);
}
