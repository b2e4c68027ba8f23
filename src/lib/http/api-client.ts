import { errorCodes } from '../../domain/api/envelope';
import { setSessionIdentity } from '../session/identity';
import { logout } from '../session/logout';
import { getProductType } from '../session/product-type';
import { isSignedIn } from '../session/signed-in';
import { isApiError } from './api-error';
import { requestCsrfToken } from './csrf';
import { offlineRefusal } from './offline-guard';
import { addOtpDisabledUrls, otpRefusal, setOtpGuard } from './otp-guard';
import {
  send,
  sentTimeOf,
  type HttpMethod,
  type RequestOptions,
  type RequestParams,
} from './transport';

export type { RequestOptions, RequestParams } from './transport';

/** 401 codes that mean "the access token is stale": refresh once and retry (spec section 4). */
const REFRESHABLE = new Set<string>([errorCodes.TOKEN_EXPIRED, errorCodes.NOT_AUTHORIZED]);

export const OTP_DISABLED_URLS_PATH = '/api/private/support/otp/disabledUrls';

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * user_info tells the client who is signed in (the refresh record's key) and whether this is a
 * support-OTP session with calls to refuse (spec sections 4 and 6).
 */
function learnFromUserInfo(path: string, payload: unknown): void {
  if (!isRecord(payload)) return;
  if (path === '/reseller/user_info') {
    if (typeof payload.proxy_topic === 'string')
      setSessionIdentity('reseller', payload.proxy_topic);
    const isOtp = payload.otpLogin === true;
    const urls = Array.isArray(payload.supportDisableUrls)
      ? payload.supportDisableUrls.filter((url): url is string => typeof url === 'string')
      : [];
    setOtpGuard(isOtp, urls);
    if (isOtp) {
      send<unknown>('GET', OTP_DISABLED_URLS_PATH, undefined).then(
        (list) => {
          if (Array.isArray(list)) {
            addOtpDisabledUrls(list.filter((url): url is string => typeof url === 'string'));
          }
        },
        (error: unknown) => {
          console.warn('Support-OTP disabled URLs could not be read', error);
        },
      );
    }
  } else if (path === '/partner/user_info') {
    const info = payload.rpcPartnerInfo;
    if (isRecord(info) && typeof info.partnerId === 'string') {
      setSessionIdentity('partner', info.partnerId);
    }
  }
}

/**
 * A CSRF token that the server no longer accepts (its cookie expired, or the browser session
 * behind it changed) is fetched again once, and the call retried.
 */
async function sendWithFreshCsrf<T>(
  method: HttpMethod,
  path: string,
  params: RequestParams | undefined,
  options: RequestOptions<T> | undefined,
): Promise<T> {
  try {
    return await send(method, path, params, options);
  } catch (error) {
    if (!isApiError(error) || error.description !== errorCodes.CSRF_INVALID) throw error;
    await requestCsrfToken();
    return send(method, path, params, options);
  }
}

/**
 * The one way features talk to the API: the support-OTP guard, then the call, then the 401 table
 * of spec section 4 (REFRESH_TOKEN_EXPIRED logs out; TOKEN_EXPIRED / NOT_AUTHORIZED run one shared
 * refresh and retry the call once; a failed refresh logs out).
 */
async function request<T>(
  method: HttpMethod,
  path: string,
  params: RequestParams | undefined,
  options: RequestOptions<T> | undefined,
): Promise<T> {
  const refusal = otpRefusal(path) ?? offlineRefusal(method);
  if (refusal) throw refusal;
  let result: T;
  // An early GET (main.tsx) went out before this call was made: its start is when it was sent.
  const sentAt = sentTimeOf(method, path, params);
  try {
    result = await sendWithFreshCsrf(method, path, params, options);
  } catch (error) {
    const productType = getProductType();
    if (!isApiError(error) || !isUnauthorized(error) || !isSignedIn(productType)) throw error;
    if (error.description === errorCodes.REFRESH_TOKEN_EXPIRED) {
      logout();
      throw error;
    }
    if (!REFRESHABLE.has(error.description)) throw error;
    // The refresh code loads on the first stale token: the sign-in page never needs it (issue 21).
    const { refreshSession } = await import('./refresh-session');
    if (!(await refreshSession(productType, sentAt))) {
      logout();
      throw error;
    }
    try {
      result = await sendWithFreshCsrf(method, path, params, options);
    } catch (retryError) {
      if (isUnauthorized(retryError)) logout();
      throw retryError;
    }
  }
  learnFromUserInfo(path, result);
  return result;
}

/** GET `path` (under /rpc-api) with `params` as the query; resolves with the payload. */
export function apiGet<T>(
  path: string,
  params?: RequestParams,
  options?: RequestOptions<T>,
): Promise<T> {
  return request('GET', path, params, options);
}

/** POST `path` (under /rpc-api) with `body` form-encoded; resolves with the payload. */
export function apiPost<T>(
  path: string,
  body?: RequestParams,
  options?: RequestOptions<T>,
): Promise<T> {
  return request('POST', path, body, options);
}
