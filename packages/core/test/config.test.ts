import t from 'tap';
import path from 'node:path';
import { loadConfig } from '@castwright/core/config';

t.test('defaults match the documented ones', async (t) => {
  const config = loadConfig({});
  t.match(config, { port: 8443, host: '127.0.0.1', trustProxy: false, logLevel: 'info', databaseUrl: undefined, tls: undefined });
  t.equal(config.dataDir, path.resolve('./.data'));
});

t.test('values are converted and validated', async (t) => {
  const config = loadConfig({ PORT: '9000', TRUST_PROXY: '1', PUBLIC_BASE_URL: 'https://pods.example.com/', DATABASE_URL: 'postgres://u:p@db/x' });
  t.match(config, { port: 9000, trustProxy: true, publicBaseUrl: 'https://pods.example.com', databaseUrl: 'postgres://u:p@db/x' });
  t.throws(() => loadConfig({ PORT: 'eighty' }), { name: 'ConfigError', message: /PORT must be integer/ });
  t.throws(() => loadConfig({ PORT: '70000' }), { message: /PORT/ });
  t.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), { message: /LOG_LEVEL/ });
  t.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), { message: /DATABASE_URL/ });
  t.throws(() => loadConfig({ JWT_SECRET: 'short' }), { message: /JWT_SECRET/ });
  t.throws(() => loadConfig({ TLS_CERT_FILE: '/x.crt' }), { message: /together/ });
});
