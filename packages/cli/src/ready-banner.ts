// What `castwright start` says once every role is up: where to go. A person at a terminal
// gets a few plain lines; a log collector gets one structured line.
import path from 'node:path';
import type { Logger } from '@castwright/core/logger';

export interface ReadyAddresses {
  apiUrl: string;
  /** Whether the studio's pages are built and served at `/`. */
  studio: boolean;
  /** The self-signed certificate's file, when the api made one. */
  selfSignedCertificate?: string | undefined;
}

function readyBanner({ apiUrl, studio, selfSignedCertificate }: ReadyAddresses): string {
  const lines = [
    '',
    '  Castwright is ready',
    '',
    ...(studio ? [`    Studio     ${apiUrl}/`] : []),
    `    API        ${apiUrl}/api`,
    `    API docs   ${apiUrl}/docs`,
    ...(selfSignedCertificate
      ? ['', `  The certificate is self-signed: trust ${shortPath(selfSignedCertificate)}, or use curl -k.`]
      : []),
    '  Ctrl-C stops every role.',
    '',
  ];
  return lines.join('\n');
}

/** Relative to where the command ran when it lies below it, else absolute. */
function shortPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(file) : relative;
}

export function announceServiceReady(logger: Logger, addresses: ReadyAddresses, toTerminal: boolean): void {
  if (toTerminal) process.stdout.write(`${readyBanner(addresses)}\n`);
  else logger.info({ apiUrl: addresses.apiUrl, docsUrl: `${addresses.apiUrl}/docs`, ...(addresses.studio && { studioUrl: `${addresses.apiUrl}/` }) }, 'castwright is ready');
}
