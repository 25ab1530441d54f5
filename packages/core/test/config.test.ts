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

t.test('the LLM: a base URL needs a model; settings and extra body fields are checked', async (t) => {
  t.throws(() => loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1' }), { name: 'ConfigError', message: /OPENAI_MODEL is required with OPENAI_BASE_URL/ });
  t.match(loadConfig({ OPENAI_API_KEY: 'sk-x' }).llm, { baseUrl: undefined, model: 'gpt-4o-mini', timeoutMs: 180_000, contextTokens: 16_384, temperature: undefined, maxOutputTokens: undefined, extraBody: undefined });
  const local = loadConfig({
    OPENAI_BASE_URL: 'https://openrouter.ai/api/v1',
    OPENAI_MODEL: 'meta-llama/llama-3.3-70b-instruct',
    LLM_TEMPERATURE: '0.7',
    LLM_MAX_OUTPUT_TOKENS: '8000',
    LLM_CONTEXT_TOKENS: '32768',
    LLM_TIMEOUT_MS: '600000',
    LLM_EXTRA_BODY: '{"provider":{"require_parameters":true}}',
  });
  t.same(local.llm, {
    baseUrl: 'https://openrouter.ai/api/v1',
    apiKey: 'not-needed',
    model: 'meta-llama/llama-3.3-70b-instruct',
    timeoutMs: 600_000,
    temperature: 0.7,
    maxOutputTokens: 8000,
    contextTokens: 32_768,
    extraBody: { provider: { require_parameters: true } },
  });
  t.throws(() => loadConfig({ OPENAI_API_KEY: 'sk-x', LLM_EXTRA_BODY: '{nope' }), { message: /LLM_EXTRA_BODY is not JSON/ });
  t.throws(() => loadConfig({ OPENAI_API_KEY: 'sk-x', LLM_EXTRA_BODY: '[1]' }), { message: /LLM_EXTRA_BODY must be a JSON object/ });
  t.throws(() => loadConfig({ OPENAI_API_KEY: 'sk-x', LLM_EXTRA_BODY: '{"model":"other","stream":true}' }), { message: /LLM_EXTRA_BODY may not set model, stream/ });
  t.throws(() => loadConfig({ OPENAI_API_KEY: 'sk-x', LLM_CONTEXT_TOKENS: '1000' }), { message: /LLM_CONTEXT_TOKENS/ });
});

t.test('Chatterbox: the model settings, its version and the waits', async (t) => {
  t.match(loadConfig({ CHATTERBOX_URL: 'http://gpu-box:4123/' }).chatterbox, {
    url: 'http://gpu-box:4123', timeoutMs: 120_000, timeoutMsPerChar: 100, loadWaitMs: 900_000, modelVersion: 'unversioned', exaggeration: undefined, cfgWeight: undefined, temperature: undefined,
  });
  t.match(loadConfig({ CHATTERBOX_URL: 'http://gpu-box:4123', CHATTERBOX_EXAGGERATION: '0.7', CHATTERBOX_CFG_WEIGHT: '0.3', CHATTERBOX_TEMPERATURE: '0.9', CHATTERBOX_MODEL_VERSION: 'multilingual-v2' }).chatterbox, {
    exaggeration: 0.7, cfgWeight: 0.3, temperature: 0.9, modelVersion: 'multilingual-v2',
  });
  t.throws(() => loadConfig({ CHATTERBOX_URL: 'http://gpu-box:4123', CHATTERBOX_EXAGGERATION: '3' }), { message: /CHATTERBOX_EXAGGERATION/ });
});
