// The deployment descriptions, checked against the schemas their tools use, since neither
// Docker nor a cluster runs here: both Compose files against the Compose Specification's
// JSON schema (vendored in test/schemas/), every Kubernetes manifest against the Kubernetes
// API's schemas (kubernetes-models, and @kubernetes-models/keda for KEDA's resources), and
// the promises the README makes about them (pinned images, health checks, probes).
import t from 'tap';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const composeSchema = JSON.parse(await read('test/schemas/compose-spec.json')) as object;
// The schema's own formats (duration, ports…) are Compose's to check at run time; here the
// structure, types and enumerations are. The schema names its meta-schema by an https
// address Ajv does not know it by, so the schema itself is taken as it is.
const validateCompose: ValidateFunction = new Ajv({ allErrors: true, strict: false, validateFormats: false, validateSchema: false }).compile(composeSchema);

/** A Compose file as Compose reads it: YAML anchors and `<<` merge keys resolved. */
async function composeFile(file: string): Promise<Loose> {
  return parse(await read(file), { merge: true }) as Loose;
}

t.test('both Compose files follow the Compose Specification', async (t) => {
  for (const file of ['compose.yaml', 'docker/compose.yaml']) {
    const valid = validateCompose(await composeFile(file));
    t.ok(valid, file);
    t.same(validateCompose.errors ?? [], [], `${file}: no schema errors`);
  }
  const broken = await composeFile('docker/compose.yaml');
  broken.services.api.healthcheck.intervall = '5s';
  broken.services.worker.deploy = { replicas: 'two' };
  t.notOk(validateCompose(broken), 'the check finds a misspelt key and a wrong type');
  t.match(JSON.stringify(validateCompose.errors), /intervall/);
});

t.test('every third-party image is pinned to an exact version, and every long-running service has a health check', async (t) => {
  const { services } = await composeFile('docker/compose.yaml');
  for (const [name, service] of Object.entries(services as Record<string, Loose>)) {
    const image = String(service.image);
    if (image.startsWith('castwright/')) {
      t.match(image, /^castwright\/[\w-]+:\$\{CASTWRIGHT_TAG:-dev\}$/, `${name}: our own image, tagged per release`);
    } else {
      // An exact version (a number with at least one dot, or MinIO's RELEASE date) or a digest; never a moving tag.
      t.match(image, /(:v?\d+\.\d+[\w.-]*|:RELEASE\.[\dT-]+Z|@sha256:[\da-f]{64})$/, `${name}: ${image} is pinned`);
    }
    const oneShot = service.restart === 'no';
    if (!oneShot) t.ok(service.healthcheck?.test, `${name} has a health check`);
  }
  for (const dockerfile of ['docker/Dockerfile', 'docker/Dockerfile.media']) {
    for (const [, name, image] of (await read(dockerfile)).matchAll(/^ARG (\w+_IMAGE)=(\S+)$/gm)) {
      t.match(image, /:\d+\.\d+\.\d+[\w.-]*$/, `${dockerfile}: ${name}=${image} is an exact version`);
    }
  }
});

/** Every Kubernetes kind the manifests use, by `apiVersion/kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const KUBERNETES_MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

const manifestDir = 'deploy/kubernetes';
const manifestFiles = (await readdir(path.join(root, manifestDir))).filter((file) => file.endsWith('.yaml')).sort();
const manifests: { file: string; resource: Loose }[] = [];
for (const file of manifestFiles) {
  for (const document of parseAllDocuments(await read(path.join(manifestDir, file)))) {
    t.same(document.errors, [], `${file} is valid YAML`);
    const resource = document.toJS() as Loose | null;
    if (resource) manifests.push({ file, resource });
  }
}

t.test('every Kubernetes manifest validates against the Kubernetes API schemas', async (t) => {
  const resources = manifests.filter(({ resource }) => resource.kind !== 'Kustomization');
  t.ok(resources.length >= 10, `${resources.length} resources`);
  for (const { file, resource } of resources) {
    const kind = `${resource.apiVersion}/${resource.kind}`;
    const Model = KUBERNETES_MODELS[kind];
    if (!Model) {
      t.fail(`${file}: ${kind} has no schema here; add its model`);
      continue;
    }
    t.doesNotThrow(() => new Model(resource).validate(), `${file}: ${kind} ${resource.metadata?.name}`);
  }
  const wrong = structuredClone(resources.find(({ resource }) => resource.kind === 'Deployment')!.resource);
  wrong.spec.replicas = 'two';
  delete wrong.spec.template.spec.containers[0].name;
  t.throws(() => new Deployment(wrong).validate(), 'the check finds a wrong type and a missing required field');
});

t.test('every workload is probed, and the kustomization lists exactly the manifests', async (t) => {
  for (const { file, resource } of manifests.filter(({ resource }) => resource.kind === 'Deployment')) {
    for (const container of resource.spec.template.spec.containers as Loose[]) {
      t.ok(container.livenessProbe && container.readinessProbe, `${file}: ${container.name} has liveness and readiness probes`);
    }
  }
  const kustomization = manifests.find(({ resource }) => resource.kind === 'Kustomization')!.resource;
  const listed = [...(kustomization.resources as string[])].sort();
  const expected = manifestFiles.filter((file) => file !== 'kustomization.yaml' && !file.endsWith('.example.yaml'));
  t.same(listed, expected, 'every manifest is applied, and only those (the Secret is an example to copy)');
  for (const image of kustomization.images as Loose[]) t.match(image.newTag, /^\d+\.\d+\.\d+$/, `${image.name} is released at an exact version`);
});

t.test("KEDA's targets are the jobs one pod runs at once, as the ConfigMap sets them", async (t) => {
  const config = manifests.find(({ resource }) => resource.kind === 'ConfigMap' && resource.metadata?.name === 'castwright-config')!.resource.data as Record<string, string>;
  const target = (name: string) => {
    const scaled = manifests.find(({ resource }) => resource.kind === 'ScaledObject' && resource.metadata?.name === name)!.resource;
    return (scaled.spec.triggers as Loose[])[0]?.metadata?.targetQueryValue as string;
  };
  t.equal(target('castwright-worker'), config.WORKER_CONCURRENCY, 'general pods: WORKER_CONCURRENCY jobs each');
  t.equal(target('castwright-media-worker'), config.MEDIA_CONCURRENCY, 'media pods: MEDIA_CONCURRENCY renders each (jobs, not voicing slots)');
});
