// The state the bench's client holds before the product data is measured, the same over HTTP
// (product-data.mjs) and in-process (read-cost/measure.ts): sprint 1 opened (its countdown started)
// and a few of its tasks ticked, the last of them the one the tick under load posts again.
export const SPRINT_ID = 1;
export const TICKED_TASKS = ["messaging-mastery", "pricing-strategist", "icp-builder"];
export const TICK = { taskId: "icp-builder", status: "completed" };
