// Text made safe to write into HTML, in an element or a quoted attribute alike.

/** `value` with &, <, >, " and ' written as character references. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
