import type { Browser } from '@playwright/test';

export type LoadedFile = {
  path: string;
  type: string;
  status: number;
  encoding: string;
  wireBytes: number;
  bodyBytes: number;
};
export function pageFor(dist: string, path: string): string;
export function serveBuild(dist: string): Promise<{ url: string; close: () => Promise<void> }>;
export function launchChromium(): Promise<Browser>;
export function loadPage(
  browser: Browser,
  url: string,
  options?: { extraHTTPHeaders?: Record<string, string> },
): Promise<LoadedFile[]>;
