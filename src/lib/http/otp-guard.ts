import { errorCodes } from '../../domain/api/envelope';
import { firstScreenMessages as messages } from '../../domain/messages-first-screen';
import { ApiError } from './api-error';

/**
 * The support-OTP guard (spec section 6): while a support agent is signed in with a one-time code
 * (user_info's otpLogin), calls whose URL is in supportDisableUrls are refused by the console
 * itself, before any network traffic. The server refuses the same list too.
 */
let isOtpLogin = false;
let disabled = new Set<string>();

/**
 * Kept for the tab in sessionStorage too, so a reload refuses the calls before user_info has
 * answered again.
 */
const STORE_KEY = 'support_otp_guard';

function save(): void {
  try {
    if (isOtpLogin) {
      window.sessionStorage.setItem(STORE_KEY, JSON.stringify([...disabled]));
    } else {
      window.sessionStorage.removeItem(STORE_KEY);
    }
  } catch {
    // Storage disabled: the guard still holds for this page view.
  }
}

function restore(): void {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORE_KEY) ?? 'null');
    if (Array.isArray(saved)) {
      isOtpLogin = true;
      disabled = new Set(saved.filter((url): url is string => typeof url === 'string'));
    }
  } catch {
    // Nothing usable stored.
  }
}

if (typeof window !== 'undefined') restore();

/** Paths are compared relative to the API base, without query and trailing slash. */
function normalise(url: string): string {
  const path = (url.split('?')[0] ?? '').replace(/^\/rpc-api(?=\/)/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function setOtpGuard(otpLogin: boolean, urls: readonly string[]): void {
  isOtpLogin = otpLogin;
  disabled = new Set(otpLogin ? urls.map(normalise) : []);
  save();
}

/** Adds the list fetched from /api/private/support/otp/disabledUrls. */
export function addOtpDisabledUrls(urls: readonly string[]): void {
  if (!isOtpLogin) return;
  for (const url of urls) disabled.add(normalise(url));
  save();
}

export function clearOtpGuard(): void {
  setOtpGuard(false, []);
}

export function isOtpSession(): boolean {
  return isOtpLogin;
}

/** The 403 the console answers itself for a disabled call, or undefined when it may go out. */
export function otpRefusal(path: string): ApiError | undefined {
  if (!isOtpLogin || !disabled.has(normalise(path))) return undefined;
  return new ApiError(403, errorCodes.FORBIDDEN, messages['otp.action.denied']);
}
