// A browser test's setting: `castwright start` (studio-service.ts), Debian's Chromium with
// one page on the studio, what the page does wrong collected from the start (CSP violations
// its console reports, uncaught errors, and every other error in its console: a failed
// request the page did not have to make, a script's console.error), and a check of the page
// as it stands (axe, no console error so far, and a screenshot when STUDIO_SCREENSHOTS names
// a folder). A step that provokes a refusal on purpose (a stale edit's 412) says so with
// `expectConsoleErrors`. Everything is closed by `teardown`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Test } from 'tap';
import { Agent } from 'undici';
import { buildStudio } from '@castwright/studio/build';
import { launchChromium, linkIn, outboxMail, seriousAxeViolations, startService, type AxeViolation, type Service } from './studio-service.ts';
import { until } from './until.ts';

export interface StudioBrowser {
  service: Service;
  /** The API on 127.0.0.1 (the certificate is self-signed: use `insecure`). */
  apiBase: string;
  insecure: Agent;
  context: BrowserContext;
  page: Page;
  policyViolations: string[];
  pageErrors: string[];
  /** Console errors no step expected (`<message> (<url>)`); checkPage fails on any and empties the list. */
  consoleErrors: string[];
  /** Runs `step`, counting the console errors matching `pattern` it causes (a refusal it provokes on purpose) as expected. */
  expectConsoleErrors<T>(pattern: RegExp, step: () => Promise<T>): Promise<T>;
  /** The page's serious and critical axe violations once it is idle; saves `<screenshot>.png` when asked for. */
  inspect(screenshot?: string): Promise<AxeViolation[]>;
  /** Why the studio was (or was not) built. */
  build: string;
  /** No console error since the last check, axe on the page as it stands (no serious or critical violation), and its screenshot when asked for. */
  checkPage(t: Test, name: string, screenshot?: string): Promise<void>;
  /**
   * Polls an expression evaluated in the page over the DevTools protocol (playwright's
   * waitForFunction would `eval` inside the page, which its CSP rightly forbids).
   */
  waitUntil(expression: string, timeoutMs?: number): Promise<void>;
  /**
   * Signs in on the sign-in page (open it first) and confirms the address through the
   * outbox e-mail's link, so the reminder at the foot of the window stays out of screenshots.
   */
  signInConfirmed(email: string, password: string): Promise<void>;
}

/** The page's first h1. */
export const heading = (page: Page) => page.locator('main h1').first();

export async function openStudio(
  teardown: (close: () => unknown) => void,
  options: { chromiumArgs?: string[]; acceptDownloads?: boolean; env?: Record<string, string> } = {},
): Promise<StudioBrowser> {
  const build = (await buildStudio()).reason;
  const service = await startService(options.env);
  teardown(() => service.stop());
  const browser = await launchChromium(options.chromiumArgs);
  teardown(() => browser.close());
  const insecure = new Agent({ connect: { rejectUnauthorized: false } });
  teardown(() => insecure.close());
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: service.baseUrl, viewport: { width: 1280, height: 860 }, acceptDownloads: options.acceptDownloads ?? false });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const policyViolations: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const expected = new Set<RegExp>();
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) policyViolations.push(message.text());
    else if (message.type() === 'error') {
      const said = `${message.text()} (${message.location().url})`;
      if (![...expected].some((pattern) => pattern.test(said))) consoleErrors.push(said);
    }
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const screenshots = process.env.STUDIO_SCREENSHOTS;
  if (screenshots) await mkdir(screenshots, { recursive: true });
  const inspect = async (screenshot?: string) => {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const violations = await seriousAxeViolations(page);
    if (screenshots && screenshot) {
      // From the top, so a sticky bar is drawn where it belongs in the whole page.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: path.join(screenshots, `${screenshot}.png`), fullPage: true });
    }
    return violations;
  };
  return {
    service, apiBase: service.baseUrl.replace('localhost', '127.0.0.1'), insecure, context, page, policyViolations, pageErrors, consoleErrors, build, inspect,
    checkPage: async (t, name, screenshot) => {
      const violations = await inspect(screenshot);
      t.same(consoleErrors.splice(0), [], `no console error up to ${name}`);
      t.same(violations, [], `axe: no serious or critical violations on ${name}`);
    },
    expectConsoleErrors: async (pattern, step) => {
      expected.add(pattern);
      try {
        return await step();
      } finally {
        expected.delete(pattern);
      }
    },
    signInConfirmed: async (email, password) => {
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/episodes');
      await page.goto(linkIn(await outboxMail(service.dataDir, (mail) => /Confirm your e-mail/.test(mail.subject ?? ''))));
      await page.getByText('Your e-mail address is confirmed').waitFor();
    },
    waitUntil: async (expression, timeoutMs = 30_000) => {
      await until(`the page to say ${expression}`, async () => Boolean(await page.evaluate(expression)), timeoutMs, 50);
    },
  };
}
