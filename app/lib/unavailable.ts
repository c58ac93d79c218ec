// The status text of a 503 whose database could not answer, which the error page tells apart from
// an auth-service outage (both sides read it: the data layer throws it, the root's boundary shows it).
export const DATABASE_UNAVAILABLE = "Database Unavailable";
