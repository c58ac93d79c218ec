// How large a mail received may be: few mail servers pass more.
export const INBOUND_MAX_BYTES = 25 * 1024 * 1024;
