// The status text of a 403 for someone staff removed from their client account, which the error
// page shows as "You no longer have access" (the guard throws it, the root's boundary shows it).
export const NO_ACCESS = "No Access";
