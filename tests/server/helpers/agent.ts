import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  form?: Record<string, string>;
  query?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header from the cookie jar (default true). */
  csrf?: boolean;
  headers?: Record<string, string>;
}

/** A browser-like client over `inject`: it keeps cookies and echoes the CSRF token. */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** The client's address as the server sees it (rate limits are per address). */
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  /** Injects, then waits for what the answer handed off (mails sent after it), as a reader would. */
  private async injectAndSettle(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await this.app.inject(options);
    await this.app.backgroundWork();
    return response;
  }

  async request(options: RequestOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (options.csrf !== false && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await this.injectAndSettle({
      method: options.method ?? (options.form ? 'POST' : 'GET'),
      url: options.url,
      remoteAddress: this.remoteAddress,
      query: options.query,
      headers,
      payload: options.form ? new URLSearchParams(options.form).toString() : undefined,
    });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const isCleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (isCleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  post(url: string, form: Record<string, string> = {}, options: Partial<RequestOptions> = {}) {
    return this.request({ ...options, method: 'POST', url, form });
  }

  get(url: string, query?: Record<string, string>) {
    return this.request({ url, query });
  }

  async csrf(): Promise<void> {
    const response = await this.post('/rpc-api/csrf');
    if (response.statusCode !== 200) throw new Error(`csrf failed: ${response.body}`);
  }

  async signIn(kind: 'reseller' | 'partner', username: string, password = 'Demo@1234') {
    if (!this.cookies.has('XSRF-TOKEN')) await this.csrf();
    return this.post(`/rpc-api/${kind}/user_signin`, { username, password });
  }
}

export const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ errors: { description: string; message: string; field?: string }[] }>().errors[0];

/** The machine code a refusal of each status carries when a rule or another record refused it. */
const REFUSAL_CODES: Record<number, string> = { 409: 'CONFLICT', 422: 'RULE_FAILED' };

/**
 * A refusal of the input, its code true to its status: 400 for what the OpenAPI document forbids
 * (VALIDATION_FAILED, or a code of its own such as INVALID_PASSWORD), 422 RULE_FAILED for a rule
 * no schema states, 409 CONFLICT for a value another record holds. For tables that mix the kinds;
 * which kind a request must get is held by openapi-property.test.ts.
 */
export function expectRefusal(response: LightMyRequestResponse, label?: string): void {
  const context = `${label ?? ''} ${String(response.statusCode)} ${response.body}`;
  expect([400, 409, 422], context).toContain(response.statusCode);
  const description = errorOf(response)?.description;
  if (response.statusCode === 400) {
    expect(Object.values(REFUSAL_CODES), context).not.toContain(description);
  } else {
    expect(description, context).toBe(REFUSAL_CODES[response.statusCode]);
  }
}
