/** Rendering the Helm chart and reading the manifests it produces. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { type Tools, runOk } from './tools';
import { ROOT } from './workspace';

export const CHART = join(ROOT, 'deploy/helm/core-vault');
export const RELEASE = 'cv';
export const NAMESPACE = 'core-vault';

/** The values sets every chart check runs against (file names under the chart). */
export const VALUE_SETS: Record<string, string[]> = {
  default: [],
  dev: ['values-dev.yaml'],
  prod: ['values-prod.yaml'],
};

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: unknown };
}

export interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
}

export interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean; runAsUser?: number } };
}

export interface DeploymentSpec {
  replicas?: number;
  selector: { matchLabels: Record<string, string> };
  template: PodTemplate;
}

export interface PolicyPeer {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: { matchLabels?: Record<string, string> };
  ipBlock?: unknown;
}

export interface NetworkPolicySpec {
  podSelector: { matchLabels: Record<string, string> };
  policyTypes: string[];
  ingress?: { from?: PolicyPeer[]; ports?: unknown[] }[];
}

export interface IngressSpec {
  tls?: { hosts: string[]; secretName: string }[];
  rules: {
    host?: string;
    http: {
      paths: {
        path: string;
        pathType: string;
        backend: { service: { name: string; port: { number: number } } };
      }[];
    };
  }[];
}

export function chartArgs(valueFiles: string[], extra: string[] = []): string[] {
  return [...valueFiles.flatMap((f) => ['-f', join(CHART, f)]), ...extra];
}

/** `helm template` → its raw YAML. */
export async function renderRaw(tools: Tools, valueFiles: string[], extra: string[] = []): Promise<string> {
  return runOk(
    tools.helm,
    [
      'template',
      RELEASE,
      CHART,
      '--namespace',
      NAMESPACE,
      '--kube-version',
      tools.kubernetesVersion,
      ...chartArgs(valueFiles, extra),
    ],
    { env: tools.helmEnv },
  );
}

export function parseManifests(raw: string): Manifest[] {
  return parseAllDocuments(raw)
    .map((doc) => {
      if (doc.errors.length) throw new Error(`rendered YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as Manifest | null;
    })
    .filter((m): m is Manifest => m !== null);
}

export async function render(tools: Tools, valueFiles: string[], extra: string[] = []): Promise<Manifest[]> {
  return parseManifests(await renderRaw(tools, valueFiles, extra));
}

export const ofKind = (manifests: Manifest[], kind: string): Manifest[] =>
  manifests.filter((m) => m.kind === kind);

/** The component label: which app a manifest belongs to. */
export const component = (m: Manifest): string | undefined =>
  m.metadata.labels?.['app.kubernetes.io/component'];

export function byComponent(manifests: Manifest[], kind: string, app: string): Manifest | undefined {
  const found = ofKind(manifests, kind).filter((m) => component(m) === app);
  if (found.length > 1) throw new Error(`${found.length} ${kind}s for ${app}`);
  return found[0];
}

export const deploymentSpec = (m: Manifest): DeploymentSpec => m.spec as unknown as DeploymentSpec;

/** A values file of the chart, parsed. */
export function chartValues(file: string): Record<string, unknown> {
  return parse(readFileSync(join(CHART, file), 'utf8')) as Record<string, unknown>;
}
