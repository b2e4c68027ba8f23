/**
 * Spec section 9, "Limits" and "Timers": every length bound and every timer of the console and the
 * server lives here, so no other file carries a magic number.
 */

/** Inclusive character bounds. A bound the spec does not give is left out. */
export interface LengthBounds {
  readonly min?: number;
  readonly max?: number;
}

export const lengths = {
  password: { min: 6, max: 20 },
  email: { max: 80 },
  name: { min: 1, max: 50 },
  /** City, the partner ZIP code and the state text share the "1–50 characters" rule of section 5. */
  plainTextField: { min: 1, max: 50 },
  state: { min: 1, max: 50 },
  companyName: { max: 100 },
  /** The spec gives the DBA name no bound of its own; it is stored next to the company name. */
  dbaName: { max: 100 },
  streetAddress: { min: 1, max: 200 },
  /** Address Line 1 has no bound of its own in the spec; it shares the street address bound. */
  addressLine: { max: 200 },
  zip: { min: 1, max: 20 },
  partnerId: { min: 4, max: 50 },
  phoneDigits: { min: 10, max: 10 },
  phonePrefixDigits: { min: 1, max: 5 },
  vatId: { min: 8, max: 20 },
  gstin: { min: 15, max: 15 },
  cardNumber: { min: 14, max: 16 },
  cvv: { min: 3, max: 4 },
  computerName: { min: 3, max: 50 },
  groupName: { min: 1, max: 20 },
  personalKey: { min: 4, max: 15 },
  comments: { min: 6, max: 4000 },
  computerDescription: { min: 6, max: 250 },
  /** "Message should be less than 250 characters": 249 is the longest accepted. */
  message: { max: 249 },
  /** "One further field": the spec does not say which one. */
  maxLength256: { max: 256 },
  /**
   * The API key dialog's own bounds are not shown; the spec suggests the general password range
   * (the unnamed constants 6 and "20"), so the dialog uses it.
   */
  apiKeyPassword: { min: 6, max: 20 },
} as const satisfies Record<string, LengthBounds>;

/** At most this many users per CSV bulk invitation file. */
export const CSV_MAX_USERS = 500;
/** One CSV file at a time. */
export const CSV_MAX_FILES = 1;

/**
 * "Cannot delete more than <numberOfHosts> hosts": the spec does not give the number. 50 is one
 * page of the computer list at its common size, so "select all on this page, delete" works at the
 * usual page sizes, while one mistaken click can never wipe a whole account (deletes are final).
 */
export const HOSTS_DELETE_MAX = 50;

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;

/** How often each tab checks that the signed-in flag is still in storage. */
export const SESSION_CHECK_INTERVAL_MS = 5 * SECOND_MS;
/** Toasts and flash messages (API key dialog included) hide after this long by default. */
export const TOAST_DURATION_MS = 5000;
/** The spec says "5 units, most likely seconds" for how long a validation error stays highlighted. */
export const HIGHLIGHT_MS = 5 * SECOND_MS;
/** A non-numeric paste into a numeric field is reverted after this long. */
export const PASTE_REVERT_MS = 1 * SECOND_MS;
/** Too many login OTP requests block two-factor login for this long. */
export const OTP_BLOCK_MS = 24 * HOUR_MS;
/** A lazily loaded script chunk that has not arrived by then counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * SECOND_MS;

/** The default report range covers this many calendar days, today included. */
export const REPORT_RANGE_DAYS = 7;
