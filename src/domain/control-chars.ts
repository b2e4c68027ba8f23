/**
 * Control characters (C0, DEL and C1: a bell, a NUL byte, an escape sequence) have no place in a
 * name or any other text a person types: they corrupt CSV exports, logs and mail headers. Every
 * rule refuses them (rule-core.ts), and the server refuses them in every field of every API call
 * (plugins/control-chars.ts), with the same message. Multi-line fields (comments, descriptions,
 * messages, a CSV file) keep tabs and line breaks.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and return
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** chosen: the spec gives no text for control characters. */
export const CONTROL_CHARS_MESSAGE = 'Remove the control characters (such as tabs or line breaks).';

/** Request fields that are multi-line text: they may hold tabs and line breaks. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'comment',
  'comments',
  'description',
  'message',
  'csv',
  // The SAML metadata XML an administrator pastes (SSO settings): indented XML over many lines.
  'samlMetadataXml',
]);

export function hasControlChars(value: string, isMultiline = false): boolean {
  return (isMultiline ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(value);
}
