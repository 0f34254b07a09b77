import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium fonts-wqy-microhei); playwright downloads no browser here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser for e2e suites, or null when this machine has no Chromium: the suite then registers
 * no tests and says why, instead of failing or being marked skipped.
 */
export async function launchBrowser(): Promise<Browser | null> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`[e2e] skipped: ${CHROMIUM_PATH} not found`);
    return null;
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args });
}

export const chromiumPresent = (): boolean => existsSync(CHROMIUM_PATH);
