// Each sprint page's content, one plan per sprint: the active sprints (1 and 2) have objectives,
// tasks, a summary and a countdown; the locked ones (3 and 4) a placeholder until the earlier
// sprints are complete. Only the sprint page loads it.
import { sprints, type Sprint } from "./sprints";

/** "in-progress" has an icon in the task list, but no task is in progress yet. */
export type TaskStatus = "completed" | "in-progress" | "pending";
export type TaskPriority = "high" | "medium" | "low";

export interface Task {
  id: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** An external tool, opened in a new tab; none for tasks done with the team. */
  link?: string;
}

export interface Objective {
  title: string;
  description: string;
  /** Percent, 0–100. */
  progress: number;
}

export interface SummaryList {
  title: string;
  items: string[];
}

/** An open sprint: objectives, tasks, summary and a countdown from the first visit. */
export interface ActiveSprintPlan {
  state: "active";
  sprint: Sprint;
  objectives: Objective[];
  tasks: Task[];
  summary: [SummaryList, SummaryList];
  countdown: { days: number; storageKey: string };
}

export interface ComingSoonItem {
  title: string;
  description: string;
}

/** A sprint not open yet: a locked placeholder until the earlier sprints are complete. */
export interface LockedSprintPlan {
  state: "locked";
  sprint: Sprint;
  locked: { title: string; message: string; action: string };
  comingSoon: ComingSoonItem[];
  vision?: SummaryList;
}

export type SprintPlan = ActiveSprintPlan | LockedSprintPlan;

function sprint(id: number): Sprint {
  const found = sprints.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No sprint ${id}`);
  return found;
}

export const sprintPlans: readonly SprintPlan[] = [
  {
    state: "active",
    sprint: sprint(1),
    objectives: [
      {
        title: "Offer clarity",
        description: "A signature offer your ideal clients understand in one sentence.",
        progress: 25,
      },
      {
        title: "Ideal client profile",
        description: "Know exactly who you serve, what they need and where to find them.",
        progress: 15,
      },
      {
        title: "Core messaging",
        description: "Messaging that names your client's problem in their own words.",
        progress: 30,
      },
    ],
    tasks: [
      {
        id: "offer-alchemy",
        title: "Offer Alchemy",
        status: "completed",
        priority: "high",
        link: "https://example.com/tools/offer-alchemy",
      },
      {
        id: "icp-builder",
        title: "ICP Builder",
        status: "pending",
        priority: "high",
        link: "https://example.com/tools/icp-builder",
      },
      { id: "messaging-mastery", title: "Messaging Mastery", status: "pending", priority: "high" },
      {
        id: "pricing-strategist",
        title: "Pricing Strategist",
        status: "pending",
        priority: "high",
        link: "https://example.com/tools/pricing-strategist",
      },
      {
        id: "vsl-alchemist",
        title: "VSL Alchemist",
        status: "pending",
        priority: "high",
        link: "https://example.com/tools/vsl-alchemist",
      },
    ],
    summary: [
      {
        title: "Achievements",
        items: [
          "Signature offer drafted with Offer Alchemy",
          "Kick-off call held and programme goals agreed",
          "Sprint roadmap shared with your team",
        ],
      },
      {
        title: "Next Steps",
        items: [
          "Complete your ideal client profile in ICP Builder",
          "Work through Messaging Mastery with your strategist",
          "Set your prices with Pricing Strategist",
          "Script your video sales letter in VSL Alchemist",
        ],
      },
    ],
    countdown: { days: 5, storageKey: "sprint-1-start" },
  },
  {
    state: "active",
    sprint: sprint(2),
    objectives: [
      {
        title: "Conversion assets",
        description: "A landing page and video sales letter that turn visitors into booked calls.",
        progress: 0,
      },
      {
        title: "Audience growth",
        description: "An Instagram presence that builds trust with your ideal clients.",
        progress: 0,
      },
      {
        title: "Paid acquisition",
        description: "Ad campaigns that bring in qualified visitors at a positive return.",
        progress: 0,
      },
    ],
    tasks: [
      {
        id: "landing-page-buildout",
        title: "Landing page buildout",
        status: "pending",
        priority: "high",
      },
      { id: "vsl-mastery", title: "VSL mastery", status: "pending", priority: "high" },
      { id: "instagram-launch", title: "Instagram launch", status: "pending", priority: "high" },
      { id: "sales-mastery", title: "Sales mastery", status: "pending", priority: "high" },
      { id: "paid-ads-launcher", title: "Paid ads launcher", status: "pending", priority: "high" },
    ],
    summary: [
      {
        title: "Key Deliverables",
        items: [
          "A live landing page",
          "A finished video sales letter",
          "An Instagram profile with a content plan",
          "A sales call script and process",
          "A first paid ads campaign",
        ],
      },
      {
        title: "Success Criteria",
        items: [
          "landing page conversion above 15%",
          "VSL completion above 60%",
          "1000+ Instagram followers",
          "call booking above 20%",
          "positive ROI on ads",
        ],
      },
    ],
    countdown: { days: 21, storageKey: "sprint-2-start" },
  },
  {
    state: "locked",
    sprint: sprint(3),
    locked: {
      title: "Sprint 3 Awaiting Prerequisites",
      message: "Sprint 3 becomes available once Sprint 2 is complete.",
      action: "Complete Sprint 2 First",
    },
    comingSoon: [
      {
        title: "Advanced Security",
        description: "Hardened access, monitoring and data protection for your systems.",
      },
      {
        title: "Performance Optimization",
        description: "Faster pages and funnels, tuned with real visitor data.",
      },
      {
        title: "Third-party Integrations",
        description: "Your CRM, calendar and payment tools connected end to end.",
      },
    ],
  },
  {
    state: "locked",
    sprint: sprint(4),
    locked: {
      title: "Sprint 4 - The Final Chapter",
      message: "Sprint 4 becomes available once all earlier sprints are complete.",
      action: "Complete Previous Sprints",
    },
    comingSoon: [
      {
        title: "Final Testing",
        description: "Every page, funnel and integration checked end to end before go-live.",
      },
      { title: "Deployment", description: "A planned, rehearsed release with a rollback ready." },
      { title: "Optimization", description: "Tuning after launch, based on what real clients do." },
    ],
    vision: {
      title: "Launch Success Vision",
      items: ["99.9% uptime", "Client satisfaction over 95%"],
    },
  },
];

/** The plan whose page is at `/dashboard/<segment>`, e.g. "sprint-1"; none for any other. */
export function findSprintPlan(segment: string | undefined): SprintPlan | undefined {
  return sprintPlans.find((plan) => `sprint-${plan.sprint.id}` === segment);
}
