// The listener's certificate: the operator's files when given, otherwise a
// self-signed certificate generated once under DATA_DIR/tls (developer default).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from '@castwright/core/config';

export interface TlsCredentials {
  cert: string;
  key: string;
  selfSigned: boolean;
  /** Where the certificate is, for telling people what to trust. */
  certFile: string;
}

export async function loadTlsCredentials(config: Config): Promise<TlsCredentials> {
  if (config.tls) {
    const [cert, key] = await Promise.all([readFile(config.tls.certFile, 'utf8'), readFile(config.tls.keyFile, 'utf8')]);
    return { cert, key, selfSigned: false, certFile: config.tls.certFile };
  }
  const dir = path.join(config.dataDir, 'tls');
  const certFile = path.join(dir, 'self-signed.crt');
  const keyFile = path.join(dir, 'self-signed.key');
  try {
    const [cert, key] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
    return { cert, key, selfSigned: true, certFile };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 825 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // 'wx': when several api processes start together, the first certificate written wins.
  try {
    await writeFile(keyFile, pems.private, { flag: 'wx', mode: 0o600 });
    await writeFile(certFile, pems.cert, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await new Promise((resolve) => setTimeout(resolve, 200));
    return loadTlsCredentials(config);
  }
  return { cert: pems.cert, key: pems.private, selfSigned: true, certFile };
}
