/**
 * The Helm chart (deploy/helm/core-vault): helm lint, kubeconform (strict, offline schemas) on
 * every rendering, and the properties the platform relies on, checked against the code: every
 * Nx app deployed, every required config variable provided, secrets only by Secret reference,
 * NetworkPolicies, the Ingress surface, autoscaling, and a KafkaTopic for every event topic and
 * dead-letter topic.
 */
import { stringify } from 'yaml';
import { deadLetterTopic } from '@core-vault/contracts';
import {
  CHART,
  type Container,
  type IngressSpec,
  type Manifest,
  type NetworkPolicySpec,
  RELEASE,
  VALUE_SETS,
  byComponent,
  chartArgs,
  chartValues,
  component,
  deploymentSpec,
  ofKind,
  parseManifests,
  renderRaw,
} from './lib/manifests';
import { type Tools, ensureTools, run } from './lib/tools';
import {
  type AppSchema,
  appSchemas,
  deadLetterTopics,
  eventTopics,
  httpCallers,
  localConfig,
  nxApps,
} from './lib/workspace';

/** Apps the Ingress may route to; every other app is internal. */
const EDGE_APPS = ['gateway', 'web', 'usercontent'];
/** Apps that serve nothing to other pods: the thumbnailer renders from its BullMQ queue. */
const WORKERS = ['thumbnailer'];

interface Rendering {
  raw: string;
  manifests: Manifest[];
}

interface KubeconformResult {
  resources: { kind: string; name: string; status: string; msg?: string }[];
  summary: { valid: number; invalid: number; errors: number; skipped: number };
}

let tools: Tools;
const renderings = new Map<string, Rendering>();
let schemas: AppSchema[];
let deadLetters: string[];

async function kubeconform(yamlText: string): Promise<KubeconformResult> {
  const result = await run(
    tools.kubeconform,
    [
      '-strict',
      '-summary',
      '-verbose',
      '-output',
      'json',
      '-kubernetes-version',
      tools.kubernetesVersion,
      ...tools.schemaLocations.flatMap((l) => ['-schema-location', l]),
      '-',
    ],
    { input: yamlText },
  );
  if (result.stderr.trim()) throw new Error(`kubeconform: ${result.stderr}`);
  return JSON.parse(result.stdout) as KubeconformResult;
}

const rendering = (set: string): Rendering => {
  const r = renderings.get(set);
  if (!r) throw new Error(`no rendering ${set}`);
  return r;
};

function container(manifests: Manifest[], app: string): Container {
  const deployment = byComponent(manifests, 'Deployment', app);
  if (!deployment) throw new Error(`no Deployment for ${app}`);
  const c = deploymentSpec(deployment).template.spec.containers;
  expect(c).toHaveLength(1);
  return c[0]!;
}

/** Every variable the app's pod gets: its ConfigMap (envFrom) plus env entries. */
function podEnv(
  manifests: Manifest[],
  app: string,
): { config: Record<string, string>; env: Container['env'] } {
  const c = container(manifests, app);
  const config: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    expect(from.secretRef).toBeUndefined();
    const cm = ofKind(manifests, 'ConfigMap').find((m) => m.metadata.name === from.configMapRef?.name);
    if (!cm) throw new Error(`${app}: envFrom ConfigMap ${from.configMapRef?.name} is not rendered`);
    Object.assign(config, cm.data);
  }
  return { config, env: c.env ?? [] };
}

const sets = Object.keys(VALUE_SETS);
const AWS_SEARCH_URL = 'https://abc123.eu-west-1.aoss.amazonaws.com';

beforeAll(async () => {
  tools = await ensureTools();
  schemas = await appSchemas();
  deadLetters = await deadLetterTopics();
  const variants: [string, string[], string[]][] = [
    ...Object.entries(VALUE_SETS).map(([set, files]): [string, string[], string[]] => [set, files, []]),
    ['without-usercontent', [], ['--set', 'apps.usercontent.enabled=false']],
    [
      'aws-search',
      [],
      [
        '--set',
        `search.url=${AWS_SEARCH_URL}`,
        '--set',
        'search.aws.region=eu-west-1',
        '--set',
        'search.aws.service=aoss',
      ],
    ],
  ];
  for (const [set, files, extra] of variants) {
    const raw = await renderRaw(tools, files, extra);
    renderings.set(set, { raw, manifests: parseManifests(raw) });
  }
}, 20 * 60_000);

describe('helm', () => {
  it.each(sets)('lints the chart with the %s values (--strict)', async (set) => {
    const result = await run(
      tools.helm,
      ['lint', CHART, '--strict', '--kube-version', tools.kubernetesVersion, ...chartArgs(VALUE_SETS[set]!)],
      { env: tools.helmEnv },
    );
    expect(`${result.stdout}${result.stderr}`).toContain('0 chart(s) failed');
    expect(result.code).toBe(0);
  });

  it('refuses values its schema does not know (values.schema.json)', async () => {
    const result = await run(
      tools.helm,
      [
        'template',
        RELEASE,
        CHART,
        '--kube-version',
        tools.kubernetesVersion,
        '--set',
        'apps.gateway.replicaz=3',
      ],
      { env: tools.helmEnv },
    );
    expect(result.code).not.toBe(0);
    // Helm's wording differs between releases; the property's name is in every one.
    expect(result.stderr).toMatch(/additional propert(y|ies) '?replicaz'? (is )?not allowed/i);
  });

  it('refuses a secret variable put into plain env', async () => {
    const result = await run(
      tools.helm,
      [
        'template',
        RELEASE,
        CHART,
        '--kube-version',
        tools.kubernetesVersion,
        '--set',
        'apps.billing.env.MONGO_URL=x',
      ],
      { env: tools.helmEnv },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('MONGO_URL comes from a Secret');
  });
});

describe('kubeconform', () => {
  it.each([...sets, 'without-usercontent'])(
    'validates every manifest of the %s rendering strictly, none skipped',
    async (set) => {
      const { raw, manifests } = rendering(set);
      const result = await kubeconform(raw);
      const bad = result.resources.filter((r) => r.status !== 'statusValid');
      expect(bad).toEqual([]);
      expect(result.summary).toEqual({ valid: manifests.length, invalid: 0, errors: 0, skipped: 0 });
    },
  );

  it('rejects unknown fields and wrong types (the schemas really are strict)', async () => {
    const manifests = structuredClone(rendering('default').manifests);
    const deployment = ofKind(manifests, 'Deployment')[0]!;
    (deploymentSpec(deployment).template.spec.containers[0] as unknown as Record<string, unknown>)['bogus'] =
      1;
    const scaled = ofKind(manifests, 'ScaledObject')[0]!;
    const trigger = (scaled.spec!['triggers'] as { metadata: Record<string, unknown> }[])[0]!;
    trigger.metadata['lagThreshold'] = 5;
    const topic = ofKind(manifests, 'KafkaTopic')[0]!;
    delete topic.metadata.labels;
    const result = await kubeconform(manifests.map((m) => stringify(m)).join('---\n'));
    const invalid = result.resources.filter((r) => r.status === 'statusInvalid').map((r) => r.kind);
    expect(invalid.sort()).toEqual(['Deployment', 'KafkaTopic', 'ScaledObject']);
  });
});

describe.each(sets)('the %s rendering', (set) => {
  const manifests = () => rendering(set).manifests;

  it('deploys every Nx app: Deployment, Service, ConfigMap, PodDisruptionBudget, NetworkPolicy', () => {
    const local = localConfig();
    for (const { name } of nxApps()) {
      for (const kind of ['Deployment', 'Service', 'ConfigMap', 'PodDisruptionBudget', 'NetworkPolicy'])
        expect({ name, kind, found: Boolean(byComponent(manifests(), kind, name)) }).toEqual({
          name,
          kind,
          found: true,
        });
      const c = container(manifests(), name);
      // The port is the app's port in config/local.json, served by the Service.
      expect(c.ports).toEqual([{ name: 'http', containerPort: local.apps[name]!.port, protocol: 'TCP' }]);
      const service = byComponent(manifests(), 'Service', name)!;
      expect((service.spec!['ports'] as { port: number }[])[0]!.port).toBe(local.apps[name]!.port);
      expect(service.spec!['selector']).toEqual(
        deploymentSpec(byComponent(manifests(), 'Deployment', name)!).selector.matchLabels,
      );
      expect(c.image).toMatch(new RegExp(`/${name}:[\\w.-]+$`));
    }
  });

  it('probes the health routes, sets resource requests and limits, runs as non-root', () => {
    for (const { name } of nxApps()) {
      const c = container(manifests(), name);
      expect(c.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(c.startupProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
      for (const r of ['cpu', 'memory']) {
        expect(c.resources?.requests?.[r]).toBeTruthy();
        expect(c.resources?.limits?.[r]).toBeTruthy();
      }
      expect(c.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
      const pod = deploymentSpec(byComponent(manifests(), 'Deployment', name)!).template.spec;
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
    }
  });

  it('gives every service each required variable of its config schema, with valid values', () => {
    expect(schemas.length).toBeGreaterThan(0);
    for (const { app, schema, required } of schemas) {
      const { config, env } = podEnv(manifests(), app);
      const provided = new Set([...Object.keys(config), ...(env ?? []).map((e) => e.name)]);
      expect({ app, missing: required.filter((k) => !provided.has(k)) }).toEqual({ app, missing: [] });
      // Plain values the schema knows must pass its field validation (secrets are references).
      const shape = schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      const invalid = Object.entries(config).filter(([k, v]) => shape[k] && !shape[k].safeParse(v).success);
      expect({ app, invalid }).toEqual({ app, invalid: [] });
      expect(config['NODE_ENV']).toBe('production');
      expect(config['HOST']).toBe('0.0.0.0');
    }
  });

  it('takes secret variables only from Secret references, and renders no Secret', () => {
    expect(ofKind(manifests(), 'Secret')).toEqual([]);
    for (const { app, secret } of schemas) {
      const { config, env } = podEnv(manifests(), app);
      for (const key of secret) {
        expect({ app, key, inConfigMap: key in config }).toEqual({ app, key, inConfigMap: false });
        const entries = (env ?? []).filter((e) => e.name === key);
        for (const e of entries) {
          expect(e.value).toBeUndefined();
          expect(e.valueFrom?.secretKeyRef?.name).toBeTruthy();
          expect(e.valueFrom?.secretKeyRef?.key).toBeTruthy();
        }
      }
    }
    // No env entry anywhere carries a literal value: plain config lives in the ConfigMaps.
    for (const d of ofKind(manifests(), 'Deployment'))
      for (const c of deploymentSpec(d).template.spec.containers)
        for (const e of c.env ?? []) expect({ name: e.name, literal: e.value }).toEqual({ name: e.name });
  });

  it('lets a service accept traffic only from its callers (the gateway, apps with its URL), public apps only from the ingress controller', () => {
    const selectorOf = (app: string) =>
      deploymentSpec(byComponent(manifests(), 'Deployment', app)!).selector.matchLabels;
    const callers = httpCallers(schemas);
    const policies = ofKind(manifests(), 'NetworkPolicy');
    for (const d of ofKind(manifests(), 'Deployment')) {
      const app = component(d)!;
      const selector = deploymentSpec(d).selector.matchLabels;
      const mine = policies.filter(
        (p) =>
          JSON.stringify((p.spec as unknown as NetworkPolicySpec).podSelector.matchLabels) ===
          JSON.stringify(selector),
      );
      expect({ app, policies: mine.length }).toEqual({ app, policies: 1 });
      const spec = mine[0]!.spec as unknown as NetworkPolicySpec;
      expect(spec.policyTypes).toEqual(['Ingress']);
      const peers = (spec.ingress ?? []).flatMap((rule) => rule.from ?? []);
      for (const rule of spec.ingress ?? []) expect(rule.from?.length).toBeGreaterThan(0); // no allow-all rule
      const fromApps = [...(callers.get(app) ?? [])]
        .sort()
        .map((c) => ({ podSelector: { matchLabels: selectorOf(c) } }));
      if (EDGE_APPS.includes(app)) {
        // The ingress controller (a namespace selector), then the apps that call this one.
        const [controller, ...rest] = peers;
        expect(controller?.namespaceSelector?.matchLabels).toBeDefined();
        expect(controller?.ipBlock).toBeUndefined();
        expect({ app, peers: rest }).toEqual({ app, peers: fromApps });
      } else if (WORKERS.includes(app)) {
        // A worker nobody calls (it takes jobs from Redis): no traffic in at all.
        expect({ app, callers: callers.get(app) ?? [], peers }).toEqual({ app, callers: [], peers: [] });
      } else {
        expect(callers.get(app)).toContain('gateway');
        expect({ app, peers }).toEqual({ app, peers: fromApps });
      }
    }
  });

  it('exposes only the gateway (with /webhooks/stripe) and the SPA, and the renderer on a host of its own', () => {
    const ingresses = ofKind(manifests(), 'Ingress');
    expect(ingresses).toHaveLength(1);
    const spec = ingresses[0]!.spec as unknown as IngressSpec;
    const services = new Map(ofKind(manifests(), 'Service').map((s) => [s.metadata.name, component(s)!]));
    const routes = spec.rules.flatMap((r) =>
      r.http.paths.map((p) => ({ host: r.host, path: p.path, app: services.get(p.backend.service.name) })),
    );
    const appHost = routes.find((r) => r.path === '/webhooks/stripe')?.host;
    expect(routes.filter((r) => r.path === '/webhooks/stripe').map((r) => r.app)).toEqual(['gateway']);
    expect(routes.some((r) => r.app === 'gateway' && r.path === '/api')).toBe(true);
    for (const r of routes.filter((x) => x.host === appHost)) expect(['gateway', 'web']).toContain(r.app);
    const others = routes.filter((x) => x.host !== appHost);
    // The renderer's host and one origin per artifact below it ({label}.host, wildcard).
    const rendererHost = others[0]?.host;
    expect(others.map((r) => [r.host, r.app, r.path])).toEqual([
      [rendererHost, 'usercontent', '/'],
      [`*.${rendererHost}`, 'usercontent', '/'],
    ]);
    // Backend ports are the Services' ports.
    for (const rule of spec.rules)
      for (const p of rule.http.paths) {
        const svc = ofKind(manifests(), 'Service').find((s) => s.metadata.name === p.backend.service.name)!;
        expect(p.backend.service.port.number).toBe((svc.spec!['ports'] as { port: number }[])[0]!.port);
      }
  });

  it('autoscales gateway and artifacts on CPU, analytics on Kafka lag, onboarding and the thumbnailer on their BullMQ lists (KEDA)', () => {
    for (const app of ['gateway', 'artifacts']) {
      const hpa = byComponent(manifests(), 'HorizontalPodAutoscaler', app);
      const deployment = byComponent(manifests(), 'Deployment', app)!;
      expect(hpa?.spec).toMatchObject({
        scaleTargetRef: { kind: 'Deployment', name: deployment.metadata.name },
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization' } } }],
      });
      expect(deploymentSpec(deployment).replicas).toBeUndefined(); // the HPA owns it
    }
    const scaled = (app: string) => {
      const so = byComponent(manifests(), 'ScaledObject', app);
      const deployment = byComponent(manifests(), 'Deployment', app)!;
      expect(so?.spec?.['scaleTargetRef']).toMatchObject({ name: deployment.metadata.name });
      expect(deploymentSpec(deployment).replicas).toBeUndefined();
      expect(byComponent(manifests(), 'HorizontalPodAutoscaler', app)).toBeUndefined();
      return (
        so!.spec!['triggers'] as {
          type: string;
          metadata: Record<string, string>;
          authenticationRef?: { name: string };
        }[]
      )[0]!;
    };
    const kafka = scaled('analytics');
    expect(kafka.type).toBe('kafka');
    expect(kafka.metadata['bootstrapServers']).toBe(podEnv(manifests(), 'analytics').config['KAFKA_BROKERS']);
    expect(kafka.metadata['consumerGroup']).toBeTruthy();
    // Once analytics declares its consumer group(s) in its config, KEDA must watch one of them.
    const groups = schemaDefaults('analytics', 'GROUP');
    if (groups.length) expect(groups).toContain(kafka.metadata['consumerGroup']);
    const auth = ofKind(manifests(), 'TriggerAuthentication').map((m) => m.metadata.name);
    for (const app of ['onboarding', 'thumbnailer']) {
      const redis = scaled(app);
      expect(redis.type).toBe('redis');
      expect(redis.metadata['listName']).toMatch(/^bull:.+:wait$/);
      // The list of the queue the service declares (its *_QUEUE variables).
      const queues = schemaDefaults(app, 'QUEUE').map((q) => `bull:${String(q)}:wait`);
      if (queues.length) expect(queues).toContain(redis.metadata['listName']);
      expect(auth).toContain(redis.authenticationRef?.name);
    }
  });

  it('has a KafkaTopic for every event topic and the dead-letter topic of every consumed one', () => {
    const topics = ofKind(manifests(), 'KafkaTopic');
    const names = topics.map((t) => String(t.spec!['topicName'])).sort();
    expect(names).toEqual([...eventTopics(), ...deadLetters].sort());
    // The services create missing topics with the same partitions and replication factor.
    const values = mergedValues(VALUE_SETS[set]!);
    const kt = values['kafkaTopics'] as {
      defaults: { partitions: number; replicas: number; retentionMs: number };
      deadLetter: { partitions: number; retentionMs: number };
      topics: { name: string; partitions?: number; retentionMs?: number }[];
    };
    for (const t of topics) {
      const name = String(t.spec!['topicName']);
      const own = kt.topics.find((x) => x.name === name);
      const dlq = kt.topics.find((x) => deadLetterTopic(x.name) === name);
      expect(t.metadata.labels?.['strimzi.io/cluster']).toBeTruthy();
      expect(t.spec).toMatchObject({
        partitions: own ? (own.partitions ?? kt.defaults.partitions) : kt.deadLetter.partitions,
        replicas: kt.defaults.replicas,
        config: {
          'retention.ms': own ? (own.retentionMs ?? kt.defaults.retentionMs) : kt.deadLetter.retentionMs,
        },
      });
      expect(Boolean(own) !== Boolean(dlq)).toBe(true);
    }
    for (const { app } of schemas) {
      const { config } = podEnv(manifests(), app);
      if (!('KAFKA_BROKERS' in config)) continue;
      expect(config['KAFKA_TOPIC_PARTITIONS']).toBe(String(kt.defaults.partitions));
      expect(config['KAFKA_REPLICATION_FACTOR']).toBe(String(kt.defaults.replicas));
    }
  });

  it('annotates the service pods for Prometheus on their HTTP port', () => {
    for (const { app } of schemas) {
      const pod = deploymentSpec(byComponent(manifests(), 'Deployment', app)!).template;
      expect(pod.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(container(manifests(), app).ports![0]!.containerPort),
      });
    }
  });
});

describe('the search engine (apps that use search)', () => {
  const search = (set: string) => {
    const { config, env } = podEnv(rendering(set).manifests, 'artifacts');
    const ref = (name: string) => (env ?? []).find((e) => e.name === name)?.valueFrom?.secretKeyRef;
    return { config, fromSecret: ref('OPENSEARCH_URL'), appSecret: ref('MONGO_URL')?.name };
  };

  it('gives artifacts its index alias and consumer group, and OPENSEARCH_URL from its Secret when search.url is empty', () => {
    const { config, fromSecret, appSecret } = search('default');
    expect(config).toMatchObject({
      SEARCH_INDEX: 'cv-artifacts',
      SEARCH_CONSUMER_GROUP: 'artifacts.search-index',
    });
    expect(config['OPENSEARCH_URL']).toBeUndefined();
    // The same Secret as the app's MONGO_URL (<fullname>-artifacts unless existingSecret).
    expect(appSecret).toBeTruthy();
    expect(fromSecret).toEqual({ name: appSecret, key: 'OPENSEARCH_URL' });
  });

  it('puts a search.url without credentials into the ConfigMap instead (dev: a self-hosted cluster)', () => {
    const { config, fromSecret } = search('dev');
    expect(config['OPENSEARCH_URL']).toBe('http://opensearch-cluster-master.search.svc:9200');
    expect(fromSecret).toBeUndefined();
  });

  it('refuses a search.url that carries credentials', async () => {
    const result = await run(
      tools.helm,
      ['template', RELEASE, CHART, '--set', 'search.url=https://user:secret@search.example.com'],
      { env: tools.helmEnv },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/search[./]url/);
  });

  it('signs for Amazon OpenSearch with IAM when search.aws.region is set, and not otherwise', () => {
    const { config, fromSecret } = search('aws-search');
    expect(config).toMatchObject({
      OPENSEARCH_URL: AWS_SEARCH_URL,
      OPENSEARCH_AWS_REGION: 'eu-west-1',
      OPENSEARCH_AWS_SERVICE: 'aoss',
    });
    expect(fromSecret).toBeUndefined();
    for (const set of sets) expect(search(set).config['OPENSEARCH_AWS_REGION']).toBeUndefined();
  });

  it('gives only apps that use search the search variables', () => {
    for (const { app } of schemas.filter((s) => s.app !== 'artifacts')) {
      const { config } = podEnv(rendering('default').manifests, app);
      expect({ app, index: config['SEARCH_INDEX'] }).toEqual({ app, index: undefined });
    }
  });
});

describe('the renderer origin (usercontent)', () => {
  it('can be switched off, and then has no resources and no Ingress host', () => {
    const manifests = rendering('without-usercontent').manifests;
    expect(manifests.filter((m) => component(m) === 'usercontent')).toEqual([]);
    const spec = ofKind(manifests, 'Ingress')[0]!.spec as unknown as IngressSpec;
    expect(spec.rules).toHaveLength(1);
    // Nothing may still call it: the gateway's policy no longer names it.
    const gateway = byComponent(manifests, 'NetworkPolicy', 'gateway')!;
    expect(JSON.stringify(gateway.spec)).not.toContain('usercontent');
  });
});

describe('values files', () => {
  it('hold no literal value for any secret variable', () => {
    const secrets = new Set(schemas.flatMap((s) => s.secret));
    const literal: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${path}[${i}]`));
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) {
          if (secrets.has(k) && (typeof v !== 'object' || v === null)) literal.push(`${path}.${k}`);
          walk(v, `${path}.${k}`);
        }
    };
    for (const file of ['values.yaml', ...Object.values(VALUE_SETS).flat()]) walk(chartValues(file), file);
    expect(literal).toEqual([]);
  });
});

/** Default values of an app's config fields whose names end with `suffix` (e.g. GROUP, QUEUE). */
function schemaDefaults(app: string, suffix: string): unknown[] {
  const found = schemas.find((x) => x.app === app);
  if (!found) return [];
  const shape = found.schema.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown } }
  >;
  return found.keys
    .filter((k) => k.endsWith(suffix))
    .map((k) => shape[k]!.safeParse(undefined))
    .filter((r) => r.success && r.data !== undefined)
    .map((r) => r.data);
}

/** Helm's values coalescing for files: maps merge deeply, lists and scalars replace. */
function mergedValues(files: string[]): Record<string, unknown> {
  const merge = (base: unknown, over: unknown): unknown => {
    if (
      base &&
      over &&
      typeof base === 'object' &&
      typeof over === 'object' &&
      !Array.isArray(base) &&
      !Array.isArray(over)
    ) {
      const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
      for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = merge(out[k], v);
      return out;
    }
    return over === undefined ? base : over;
  };
  return files.reduce<Record<string, unknown>>(
    (acc, f) => merge(acc, chartValues(f)) as Record<string, unknown>,
    chartValues('values.yaml'),
  );
}
