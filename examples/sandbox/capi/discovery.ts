/**
 * The types of the API server stand-in (`api-server.ts`): those CustomResourceDefinitions define, and what the server says
 * about them (legacy and aggregated discovery, the OpenAPI v3 documents kubectl reads to decide who validates fields).
 */
import { createHash } from 'node:crypto';
import { StatusError } from './api-objects.js';
import type { PrinterColumn } from './tables.js';

export interface ResourceType {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
}

/** A served type as the server keeps it. */
export interface TypeEntry extends ResourceType {
  singular: string;
  /** Writes to the object leave `status` alone; `/status` writes change only it. */
  statusSubresource: boolean;
  /** CustomResourceDefinition `additionalPrinterColumns`; empty: Name and Age. */
  printerColumns: PrinterColumn[];
}

/** The part of a CustomResourceDefinition the server reads. */
export interface CustomResourceDefinition {
  metadata: { name: string };
  spec: {
    group: string;
    scope: string;
    names: {
      kind: string;
      plural: string;
      singular?: string;
      shortNames?: string[];
      categories?: string[];
      listKind?: string;
    };
    versions: {
      name: string;
      served: boolean;
      storage?: boolean;
      subresources?: { status?: unknown };
      additionalPrinterColumns?: PrinterColumn[];
    }[];
  };
}

/** The apiserver's checks of a CustomResourceDefinition, those the stand-in relies on. */
export function validateDefinition(object: { metadata: { name: string } }): void {
  const { spec } = object as Partial<CustomResourceDefinition>;
  const invalid = (field: string, message: string) =>
    new StatusError(
      422,
      'Invalid',
      `CustomResourceDefinition.apiextensions.k8s.io "${object.metadata.name}" is invalid: ${field}: ${message}`,
      { name: object.metadata.name, group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' },
    );
  if (!spec?.group || !spec.names?.plural || !spec.names.kind)
    throw invalid('spec', 'Required value: spec.group, spec.names.plural and spec.names.kind');
  if (object.metadata.name !== `${spec.names.plural}.${spec.group}`)
    throw invalid(
      'metadata.name',
      `Invalid value: "${object.metadata.name}": must be spec.names.plural+"."+spec.group`,
    );
  if (spec.scope !== 'Namespaced' && spec.scope !== 'Cluster')
    throw invalid('spec.scope', `Unsupported value: "${spec.scope}": supported values: "Cluster", "Namespaced"`);
  if (!Array.isArray(spec.versions) || !spec.versions.some((v) => v.served))
    throw invalid('spec.versions', 'Invalid value: must have at least one served version');
}

/** The status the apiextensions controller gives a definition: names accepted, established. */
export function definitionStatus(object: unknown, now: string) {
  const { spec } = object as CustomResourceDefinition;
  const condition = (type: string, reason: string, message: string) => ({
    type,
    status: 'True',
    lastTransitionTime: now,
    reason,
    message,
  });
  return {
    conditions: [
      condition('NamesAccepted', 'NoConflicts', 'no conflicts found'),
      condition('Established', 'InitialNamesAccepted', 'the initial names have been accepted'),
    ],
    acceptedNames: {
      ...spec.names,
      singular: spec.names.singular ?? spec.names.kind.toLowerCase(),
      listKind: spec.names.listKind ?? `${spec.names.kind}List`,
    },
    storedVersions: spec.versions.filter((v) => v.storage).map((v) => v.name),
  };
}

/** One served type per served version of a definition. */
export function definitionTypes(object: unknown): TypeEntry[] {
  const { spec } = object as CustomResourceDefinition;
  return spec.versions
    .filter((v) => v.served)
    .map((version) => ({
      group: spec.group,
      version: version.name,
      kind: spec.names.kind,
      plural: spec.names.plural,
      singular: spec.names.singular ?? spec.names.kind.toLowerCase(),
      namespaced: spec.scope === 'Namespaced',
      ...(spec.names.shortNames ? { shortNames: spec.names.shortNames } : {}),
      ...(spec.names.categories ? { categories: spec.names.categories } : {}),
      statusSubresource: version.subresources?.status !== undefined,
      printerColumns: version.additionalPrinterColumns ?? [],
    }));
}

/** The media type of aggregated discovery (kubectl asks for it first and falls back to the per-version lists). */
export const AGGREGATED_DISCOVERY = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

export const groupVersion = (group: string, version: string) => (group ? `${group}/${version}` : version);
const VERBS = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
const STATUS_VERBS = ['get', 'patch', 'update'];

/** Kubernetes version priority: GA > beta > alpha, higher numbers first (`v1` > `v1beta2` > `v1beta1` > `v1alpha3`). */
function versionPriority(version: string): number[] {
  const match = /^v(\d+)(?:(beta|alpha)(\d+))?$/.exec(version);
  if (!match) return [0, 0, 0];
  return [match[2] ? (match[2] === 'beta' ? 2 : 1) : 3, Number(match[1]), Number(match[3] ?? 0)];
}
const byVersionPriority = (a: string, b: string) => {
  const [x, y] = [versionPriority(a), versionPriority(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return y[i]! - x[i]!;
  return 0;
};

/** Group → its versions, preferred first. */
function groupVersions(types: TypeEntry[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const t of types)
    groups.set(t.group, [...new Set([...(groups.get(t.group) ?? []), t.version])].sort(byVersionPriority));
  return groups;
}

const names = (t: TypeEntry) => ({
  ...(t.shortNames ? { shortNames: t.shortNames } : {}),
  ...(t.categories ? { categories: t.categories } : {}),
});

/** `GET /api/v1`, `/apis/<group>/<version>`; undefined when nothing is served there. */
export function resourceList(types: TypeEntry[], group: string, version: string) {
  const served = types.filter((t) => t.group === group && t.version === version);
  if (served.length === 0) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: groupVersion(group, version),
    resources: served.flatMap((t) => [
      { name: t.plural, singularName: t.singular, namespaced: t.namespaced, kind: t.kind, verbs: VERBS, ...names(t) },
      ...(t.statusSubresource
        ? [
            {
              name: `${t.plural}/status`,
              singularName: '',
              namespaced: t.namespaced,
              kind: t.kind,
              verbs: STATUS_VERBS,
            },
          ]
        : []),
    ]),
  };
}

/** `GET /apis` (legacy). */
export function groupList(types: TypeEntry[]) {
  const groups = [...groupVersions(types)].filter(([group]) => group !== '');
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: groups.map(([group, versions]) => {
      const listed = versions.map((v) => ({ groupVersion: `${group}/${v}`, version: v }));
      return { name: group, versions: listed, preferredVersion: listed[0] };
    }),
  };
}

/** `GET /api` (core) or `/apis` (the rest) as aggregated discovery v2: every resource in one answer. */
export function aggregatedDiscovery(types: TypeEntry[], core: boolean) {
  const groups = [...groupVersions(types)].filter(([group]) => (group === '') === core);
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: 'apidiscovery.k8s.io/v2',
    metadata: {},
    items: groups.map(([group, versions]) => ({
      metadata: group ? { name: group } : {},
      versions: versions.map((version) => ({
        version,
        resources: types
          .filter((t) => t.group === group && t.version === version)
          .map((t) => {
            const responseKind = { group, version, kind: t.kind };
            return {
              resource: t.plural,
              responseKind,
              scope: t.namespaced ? 'Namespaced' : 'Cluster',
              singularResource: t.singular,
              verbs: VERBS,
              ...names(t),
              ...(t.statusSubresource
                ? { subresources: [{ subresource: 'status', responseKind, verbs: STATUS_VERBS }] }
                : {}),
            };
          }),
        freshness: 'Current',
      })),
    })),
  };
}

/*
 * kubectl (`--validate`, default strict) asks OpenAPI v3 whether the server validates fields itself (a PATCH operation
 * for the kind with a `fieldValidation` query parameter); if it does, kubectl sends `fieldValidation=Strict` and skips its
 * own schema validation, else it downloads OpenAPI v2 schemas and fails without them (kubectl reads the v3 root once per
 * run, so a type whose CRD the same apply created takes the v2 path). The stand-in advertises the parameter (as every
 * apiserver since 1.27 does) and serves an empty v2 document; it has no schemas, so unknown fields are kept, not rejected.
 */
const openApiPath = (group: string, version: string) => (group ? `apis/${group}/${version}` : `api/${version}`);

/** `GET /openapi/v3`: one document per group-version, its URL hashed on its content (clients cache by URL). */
export function openApiRoot(types: TypeEntry[]) {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const [group, versions] of groupVersions(types)) {
    for (const version of versions) {
      const hash = createHash('sha256')
        .update(JSON.stringify(resourceList(types, group, version)))
        .digest('hex')
        .slice(0, 16)
        .toUpperCase();
      paths[openApiPath(group, version)] = {
        serverRelativeURL: `/openapi/v3/${openApiPath(group, version)}?hash=${hash}`,
      };
    }
  }
  return { paths };
}

/** `GET /openapi/v3/apis/<group>/<version>`: the PATCH operations with their `fieldValidation` parameter, no schemas. */
export function openApiDocument(types: TypeEntry[], group: string, version: string, kubernetesVersion: string) {
  const served = types.filter((t) => t.group === group && t.version === version);
  if (served.length === 0) return undefined;
  const fieldValidation = {
    name: 'fieldValidation',
    in: 'query',
    description:
      'fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields.',
    schema: { type: 'string', uniqueItems: true },
  };
  const paths = Object.fromEntries(
    served.map((t) => [
      `/${openApiPath(group, version)}/${t.namespaced ? 'namespaces/{namespace}/' : ''}${t.plural}/{name}`,
      {
        patch: {
          operationId: `patch${t.kind}`,
          parameters: [fieldValidation],
          'x-kubernetes-action': 'patch',
          'x-kubernetes-group-version-kind': { group, version, kind: t.kind },
        },
      },
    ]),
  );
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: kubernetesVersion }, paths };
}
