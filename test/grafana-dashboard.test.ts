// The Grafana dashboard reads only metrics the code exposes: every castwright_* name in
// its queries is registered somewhere in packages/*/src (histograms by their base name).
import t from 'tap';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function sourceText(): Promise<string> {
  const files = (await readdir(path.join(root, 'packages'), { recursive: true })).filter((file) => file.includes(`${path.sep}src${path.sep}`) && file.endsWith('.ts'));
  return (await Promise.all(files.map((file) => readFile(path.join(root, 'packages', file), 'utf8')))).join('\n');
}

t.test('every metric the dashboard queries is one the api or a worker exposes', async (t) => {
  const dashboard = JSON.parse(await readFile(path.join(root, 'deploy', 'grafana', 'castwright-dashboard.json'), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
  const source = await sourceText();
  const queried = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/castwright_[a-z_]+/g) ?? [])));
  t.ok(queried.size >= 8, `${queried.size} metrics queried`);
  for (const name of queried) {
    const base = name.replace(/_(bucket|count|sum)$/, '');
    // Node's default metrics are registered with the castwright_ prefix by collectDefaultMetrics.
    const defaultMetric = base.startsWith('castwright_process_') && source.includes("prefix: 'castwright_'");
    t.ok(defaultMetric || source.includes(`'${base}'`), `${name} is registered`);
  }
});
