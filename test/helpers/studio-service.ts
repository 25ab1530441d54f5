// The whole service as a person meets it in a browser: `castwright start` in a child
// process (which builds the studio when its files are stale), Debian's Chromium driven by
// playwright-core (never a downloaded browser), axe-core run inside each page, and the
// e-mails the service wrote to DATA_DIR/outbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Agent, fetch } from 'undici';
import { CASTWRIGHT_BIN } from './castwright-cli.ts';
import { freePort } from './free-port.ts';
import { until } from './until.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface Service {
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `castwright start` on free ports in a fresh DATA_DIR; resolves once /api/health answers. */
export async function startService(extraEnv: Record<string, string> = {}): Promise<Service> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-studio-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_POSTGRES_PORT: String(await freePort()), DATABASE_URL: '', LOG_LEVEL: 'warn', ...extraEnv };
  const child = spawn(process.execPath, [CASTWRIGHT_BIN, 'start'], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = once(child, 'exit');
  const baseUrl = `https://localhost:${port}`;
  const agent = new Agent({ connect: { rejectUnauthorized: false } });
  await until('castwright start to answer /api/health', async () => {
    if (child.exitCode !== null) throw new Error(`castwright start exited with ${child.exitCode}`);
    return fetch(`https://127.0.0.1:${port}/api/health`, { dispatcher: agent }).then((response) => response.status === 200, () => false);
  }, 120_000, 250);
  await agent.close();
  return {
    baseUrl,
    dataDir,
    env,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs], headless: true });
}

export type { Page };

/** Playwright attached to a Chromium already listening on `port` for DevTools (retrying while it starts). */
export async function connectChromium(port: number, timeoutMs = 30_000): Promise<Browser> {
  return until(`Chromium's DevTools on port ${port}`, () => chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => undefined), timeoutMs, 200);
}


export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * axe-core's WCAG 2 A/AA and best-practice rules on the page as it is now; the violations
 * of serious or critical impact. Evaluated over the DevTools protocol, which the page's
 * Content-Security-Policy does not apply to (the page itself may run no inline script).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axe.source);
  // A string, evaluated in the page: this program has no DOM types.
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((violation) => ({
    id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
  })))`)) as AxeViolation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** The newest e-mail in the outbox for which `match` holds, waiting for it to be written. */
export async function outboxMail(dataDir: string, match: (mail: ParsedMail) => boolean, timeoutMs = 60_000): Promise<ParsedMail> {
  const outbox = path.join(dataDir, 'outbox');
  return until(`a matching e-mail in ${outbox}`, async () => {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const mail = await simpleParser(await readFile(path.join(outbox, name)));
      if (match(mail)) return mail;
    }
    return undefined;
  }, timeoutMs, 250);
}

/** The first https link in an e-mail's text. */
export function linkIn(mail: ParsedMail): string {
  const link = /https:\/\/\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in the e-mail "${mail.subject}"`);
  return link;
}
