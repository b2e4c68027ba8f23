import type { Page } from '@playwright/test';

export const BUDGETS: { signInKb: number; chunkKb: number; precacheKb: number };
export function gzipKb(file: string): number;
export function chunkSizes(distDir: string): { name: string; kb: number }[];
export function precacheFigures(distDir: string): {
  entries: number;
  diskKb: number;
  downloadKb: number;
};
export function routeScripts(distDir: string): { path: string; scripts: string[]; kb: number }[];
export function missingMantineStyles(distDir: string, mantineDir?: string): string[];
export function signInScripts(
  page: Page,
  baseUrl: string,
  distDir: string,
): Promise<{ path: string; kb: number }[]>;
