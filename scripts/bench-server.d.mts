export function postgresEnv(databaseUrl: string): Record<string, string>;
export function waitFor(base: string): Promise<void>;
export function assertPortsFree(...ports: (number | string)[]): Promise<void>;
export function signIn(
  base: string,
  kind: 'reseller' | 'partner',
  username?: string,
): Promise<string>;
export interface FixedAmountResult {
  perSecond: number;
  errors: number;
  timeouts: number;
  non2xx?: number;
  latency: { p50: number; p99: number };
}
export function runFixedAmount(options: {
  url: string;
  headers?: Record<string, string>;
  cookies?: string[];
  amount: number;
  connections: number;
}): Promise<FixedAmountResult>;
export function benchServerEnv(options: {
  dataDir: string;
  staticDir: string;
  port: number;
  sessions: number;
}): Record<string, string>;
export function signInSessions(
  base: string,
  count: number,
): Promise<{ reseller: string[]; partner: string[] }>;
export function cpuMicros(pid: number): number | undefined;
export function machineTicks(): { busy: number; total: number } | undefined;
export function busyPercent(
  before: { busy: number; total: number } | undefined,
  after: { busy: number; total: number } | undefined,
): number | undefined;
