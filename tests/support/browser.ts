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
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
  // Every page asks for reduced motion, so the storefront's dialogs open and close without animating: a loaded CI
  // machine otherwise clicks a dialog's button mid zoom-in, the click misses, and the dialog stays open.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

export const chromiumPresent = (): boolean => existsSync(CHROMIUM_PATH);
