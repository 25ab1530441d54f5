// A browser test's setting: `castwright start` (studio-service.ts), Debian's Chromium with
// one page on the studio, what the page does wrong collected from the start (CSP violations
// its console reports, uncaught errors), and a check of the page as it stands (axe, and a
// screenshot when STUDIO_SCREENSHOTS names a folder). Everything is closed by `teardown`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { Agent } from 'undici';
import { buildStudio } from '@castwright/studio/build';
import { launchChromium, seriousAxeViolations, startService, type AxeViolation, type Service } from './studio-service.ts';

export interface StudioBrowser {
  service: Service;
  /** The API on 127.0.0.1 (the certificate is self-signed: use `insecure`). */
  apiBase: string;
  insecure: Agent;
  context: BrowserContext;
  page: Page;
  policyViolations: string[];
  pageErrors: string[];
  /** The page's serious and critical axe violations once it is idle; saves `<screenshot>.png` when asked for. */
  inspect(screenshot?: string): Promise<AxeViolation[]>;
  /** Why the studio was (or was not) built. */
  build: string;
}

export async function openStudio(teardown: (close: () => unknown) => void, options: { chromiumArgs?: string[]; acceptDownloads?: boolean } = {}): Promise<StudioBrowser> {
  const build = (await buildStudio()).reason;
  const service = await startService();
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
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) policyViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const screenshots = process.env.STUDIO_SCREENSHOTS;
  if (screenshots) await mkdir(screenshots, { recursive: true });
  return {
    service, apiBase: service.baseUrl.replace('localhost', '127.0.0.1'), insecure, context, page, policyViolations, pageErrors, build,
    async inspect(screenshot) {
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const violations = await seriousAxeViolations(page);
      if (screenshots && screenshot) await page.screenshot({ path: path.join(screenshots, `${screenshot}.png`), fullPage: true });
      return violations;
    },
  };
}
