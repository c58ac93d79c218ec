// The landing page's copy: nav anchors and the feature list (the hero's words are the agency's).
import type { ContentIconName } from "./icon-names";

/** In-page anchors to the landing page's sections. */
export const NAV_LINKS = [
  { label: "About", href: "#about" },
  { label: "Features", href: "#benefits" },
  { label: "Join", href: "#join" },
];

export const BENEFITS: { icon: ContentIconName; title: string; description: string }[] = [
  {
    icon: "list-checks",
    title: "A clear sprint roadmap",
    description: "All four phases of your programme, what each one delivers and what comes next.",
  },
  {
    icon: "gauge",
    title: "Progress at a glance",
    description: "Objectives, tasks and progress bars show exactly where you stand, on any device.",
  },
  {
    icon: "wrench",
    title: "Your tools in one place",
    description: "Open the builders and worksheets for each task straight from your sprint page.",
  },
  {
    icon: "calendar-days",
    title: "A direct line to your team",
    description: "Book a strategy call whenever you need one, without the e-mail back-and-forth.",
  },
];

/**
 * The notice over the landing page when a signed-in page sent the visitor here: why their session
 * ended, if it did (else `"sign-in-needed"`).
 */
export const SIGN_IN_NOTICES = {
  everywhere: {
    title: "You were signed out on all devices",
    text: "Your account was signed out everywhere from another device. Sign in again to continue.",
  },
  "password-changed": {
    title: "Your password was changed",
    text: "The password was changed on another device, so this one was signed out. Sign in with the new password.",
  },
  expired: {
    title: "Your session has expired",
    text: "For your security you were signed out after a while away. Sign in again to continue.",
  },
  deactivated: {
    title: "Your access to this portal is closed",
    text: "The agency deactivated your company's account, so you were signed out. Nothing was deleted: ask the agency if you need your work or access again.",
  },
  "sign-in-needed": {
    title: "Please sign in",
    text: "Sign in to see that page; you will be taken straight back to it.",
  },
} as const;
