import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { makeCertificates, versionInfo } from '../kube-api.js';
import {
  clone,
  deepEqual,
  isMap,
  jsonPatch,
  mergePatch,
  notFoundError,
  parseFieldSelector,
  parseLabelSelector,
  recordUpdate,
  StatusError,
  serverSideApply,
  validateData,
  validateMetadata,
} from './api-objects.js';
import {
  AGGREGATED_DISCOVERY,
  aggregatedDiscovery,
  type CustomResourceDefinition,
  definitionStatus,
  definitionTypes,
  groupList,
  groupVersion,
  openApiDocument,
  openApiRoot,
  type ResourceType,
  resourceList,
  type TypeEntry,
  validateDefinition,
} from './discovery.js';
import { decodeProtobufObject } from './protobuf.js';
import { table } from './tables.js';

/**
 * A generic in-memory Kubernetes API server stand-in: the real kubectl talks to it over mutual TLS as to a kube-apiserver
 * (aggregated and legacy discovery, get/list/watch with selectors and Tables, create, replace, merge/JSON patch,
 * server-side apply with field managers, dry run, delete with finalizers, namespace termination, owner-reference garbage
 * collection, CustomResourceDefinitions registering their types). Controllers (the simulated Cluster API) read and write
 * it in-process through `get`/`list`/`put`/`delete`/`remove`/`onChange`; their writes skip validation and conflicts.
 * Admission: hooks (`addAdmission`) run on every user create/update, dry runs included, as validating webhooks and
 * the CRD schema check do (the simulated providers register CAPO's and CAPI's, see ./webhooks.ts). Pod logs:
 * `GET .../pods/NAME/log` answers from `setPodLogs`.
 * Not modelled: pruning or defaulting (unknown fields are kept), version conversion (an object reads the same in every served version), associative-list merges (lists are
 * atomic), pagination (`limit` answers everything at once).
 */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    generateName?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    creationTimestamp?: string;
    deletionTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
    ownerReferences?: unknown[];
    managedFields?: unknown[];
  };
  [key: string]: unknown;
}

export type { ResourceType } from './discovery.js';

/** A create (`oldObject` undefined) or update as admission sees it; `dryRun` as the request says. */
export type AdmissionHook = (request: { object: KubeObject; oldObject?: KubeObject; dryRun: boolean }) => void;

export type WatchEvent = { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject };
type TypeRef = { group: string; kind: string };

export interface ApiServerStandIn {
  name: string;
  url: string;
  host: string;
  port: number;
  caPem: string;
  clientCertPem: string;
  clientKeyPem: string;
  /** A kubeconfig (YAML text) for this server, embedded certs, cluster, user and context named `contextName`. */
  kubeconfig(contextName: string): string;
  /** Discovery serves this type from now on (creating a CustomResourceDefinition object does the same). */
  registerType(type: ResourceType): void;
  get(type: TypeRef, namespace: string | undefined, name: string): KubeObject | undefined;
  list(type: TypeRef, namespace?: string): KubeObject[];
  /** Controller-side write (status included): creates or replaces, bumps resourceVersion, notifies watchers. */
  put(object: KubeObject): KubeObject;
  /** A delete as users make it: at once without finalizers, else `deletionTimestamp` is set (controllers then finish it). */
  delete(type: TypeRef, namespace: string | undefined, name: string): void;
  /** Removes at once (a controller's final delete, after finalizers are gone). */
  remove(type: TypeRef, namespace: string | undefined, name: string): void;
  /** Every change, as watch events. Returns an unsubscribe function. */
  onChange(listener: (event: WatchEvent) => void): () => void;
  /** `/readyz` answers ok (default) or fails like a starting apiserver. */
  setReady(ready: boolean): void;
  /** What `/version` reports from now on (a workload API server whose control plane was upgraded). */
  setVersion(gitVersion: string): void;
  /**
   * Whether its address routes to it: a workload API server reached through a floating IP is cut off (every
   * connection dropped) while that floating IP is gone or associated with no running server.
   */
  setReachable(reachable: boolean): void;
  /** The next `times` requests whose `METHOD /path` matches fail with a 500 (an apiserver whose etcd timed out). */
  failRequests(pattern: RegExp, times?: number): void;
  /** `METHOD /path?query` of each request, most recent last (bounded). */
  requests: string[];
  /** A check every user create/update passes (dry runs too); throw a StatusError to deny it. */
  addAdmission(hook: AdmissionHook): void;
  /** Where `kubectl logs` reads a pod's log lines from, those written since `sinceMs` (undefined: no log). */
  setPodLogs(source: (namespace: string, pod: string, sinceMs: number) => string[] | undefined): void;
  close(): Promise<void>;
}

export interface ApiServerOptions {
  /** Where the generated certificates go. */
  dir: string;
  /** Default 127.0.0.2. */
  host?: string;
  /** Names the server in its `/readyz` failure; default `sandbox`. */
  name?: string;
  /** What `/version` reports; default v1.36.1 (kind's default node image). */
  kubernetesVersion?: string;
}

const MAX_LOGGED_REQUESTS = 1000;
const MAX_EVENT_HISTORY = 10_000;
const MAX_BODY_BYTES = 3 * 1024 * 1024; // the apiserver's request size limit
const MAX_WATCH_SECONDS = 1800; // the apiserver's --min-request-timeout: watches end and clients re-watch
const INITIAL_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

const STORAGE_PROTECTION: Record<string, string> = {
  PersistentVolumeClaim: 'kubernetes.io/pvc-protection',
  PersistentVolume: 'kubernetes.io/pv-protection',
};

const BUILT_IN_TYPES: (ResourceType & { statusSubresource?: boolean })[] = [
  {
    group: '',
    version: 'v1',
    kind: 'PersistentVolumeClaim',
    plural: 'persistentvolumeclaims',
    namespaced: true,
    shortNames: ['pvc'],
    statusSubresource: true,
  },
  {
    group: '',
    version: 'v1',
    kind: 'PersistentVolume',
    plural: 'persistentvolumes',
    namespaced: false,
    shortNames: ['pv'],
    statusSubresource: true,
  },
  {
    group: '',
    version: 'v1',
    kind: 'Namespace',
    plural: 'namespaces',
    namespaced: false,
    shortNames: ['ns'],
    statusSubresource: true,
  },
  { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true },
  { group: '', version: 'v1', kind: 'Event', plural: 'events', namespaced: true, shortNames: ['ev'] },
  {
    group: '',
    version: 'v1',
    kind: 'Pod',
    plural: 'pods',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    statusSubresource: true,
  },
  { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true, shortNames: ['cm'] },
  {
    group: '',
    version: 'v1',
    kind: 'Node',
    plural: 'nodes',
    namespaced: false,
    shortNames: ['no'],
    statusSubresource: true,
  },
  { group: '', version: 'v1', kind: 'ServiceAccount', plural: 'serviceaccounts', namespaced: true, shortNames: ['sa'] },
  {
    group: '',
    version: 'v1',
    kind: 'Service',
    plural: 'services',
    namespaced: true,
    shortNames: ['svc'],
    categories: ['all'],
    statusSubresource: true,
  },
  {
    group: 'apps',
    version: 'v1',
    kind: 'Deployment',
    plural: 'deployments',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
    statusSubresource: true,
  },
  {
    group: 'apps',
    version: 'v1',
    kind: 'DaemonSet',
    plural: 'daemonsets',
    namespaced: true,
    shortNames: ['ds'],
    categories: ['all'],
    statusSubresource: true,
  },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    kind: 'CustomResourceDefinition',
    plural: 'customresourcedefinitions',
    namespaced: false,
    shortNames: ['crd', 'crds'],
    statusSubresource: true,
  },
];

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0]! : '');
const typeKey = (type: TypeRef) => `${type.group}/${type.kind}`;
const isNamespaceType = (type: TypeRef) => type.group === '' && type.kind === 'Namespace';
const isDefinitionType = (type: TypeRef) =>
  type.group === 'apiextensions.k8s.io' && type.kind === 'CustomResourceDefinition';
const objectKey = (namespace: string | undefined, name: string) => `${namespace ?? ''}/${name}`;
/** `secrets` or `clusters.cluster.x-k8s.io`, as the apiserver names a resource in messages. */
const resourceName = (type: ResourceType) => (type.group ? `${type.plural}.${type.group}` : type.plural);
const timestamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export async function startApiServerStandIn(options: ApiServerOptions): Promise<ApiServerStandIn> {
  const certs = await makeCertificates(options.dir);
  const host = options.host ?? '127.0.0.2';
  const name = options.name ?? 'sandbox';
  let gitVersion = options.kubernetesVersion ?? 'v1.36.1';
  let ready = true;
  const requests: string[] = [];
  const admission: AdmissionHook[] = [];
  let podLogs: (namespace: string, pod: string, sinceMs: number) => string[] | undefined = () => undefined;
  /** Admission for a user's write: after the object is complete, before it is stored (or a dry run answered). */
  const admit = (next: KubeObject, previous: KubeObject | undefined, options: WriteOptions) => {
    for (const hook of admission)
      hook({
        object: clone(next),
        ...(previous ? { oldObject: clone(previous) } : {}),
        dryRun: options.dryRun ?? false,
      });
  };

  // ---- Types ----
  /** `group/version/plural` → type. */
  const types = new Map<string, TypeEntry>();
  const registerEntry = (entry: TypeEntry) => types.set(`${entry.group}/${entry.version}/${entry.plural}`, entry);
  const typeByKind = (type: TypeRef): TypeEntry | undefined =>
    [...types.values()].find((t) => t.group === type.group && t.kind === type.kind);
  const typeByPlural = (group: string, version: string, plural: string) => types.get(`${group}/${version}/${plural}`);
  for (const type of BUILT_IN_TYPES)
    registerEntry({
      ...type,
      singular: type.kind.toLowerCase(),
      statusSubresource: type.statusSubresource ?? false,
      printerColumns: [],
    });

  // ---- Objects and events ----
  const store = new Map<string, Map<string, KubeObject>>();
  const bucket = (type: TypeRef) => {
    const objects = store.get(typeKey(type)) ?? new Map<string, KubeObject>();
    store.set(typeKey(type), objects);
    return objects;
  };
  let revision = 0;
  const history: { revision: number; event: WatchEvent }[] = [];
  const listeners = new Set<(event: WatchEvent) => void>();
  const notify = (event: WatchEvent) => {
    history.push({ revision, event });
    if (history.length > MAX_EVENT_HISTORY) history.shift();
    for (const listener of [...listeners]) listener(event);
  };
  const lookup = (type: TypeRef, namespace: string | undefined, objectName: string) =>
    store.get(typeKey(type))?.get(objectKey(namespace, objectName));

  /** Stores a new version of an object (or removes it): the one place revisions, events and finalization happen. */
  const commit = (type: TypeEntry, next: KubeObject, previous: KubeObject | undefined): KubeObject => {
    if (isFinalized(type, next)) {
      if (previous) finalRemove(type, previous);
      return next;
    }
    revision++;
    next.metadata.resourceVersion = String(revision);
    bucket(type).set(objectKey(next.metadata.namespace, next.metadata.name), next);
    notify({ type: previous ? 'MODIFIED' : 'ADDED', object: clone(next) });
    if (isDefinitionType(type)) registerDefinition(next);
    if (isNamespaceType(type) && next.metadata.deletionTimestamp) finishNamespaceIfEmpty(next.metadata.name);
    return next;
  };

  const finalRemove = (type: TypeEntry, object: KubeObject) => {
    const { namespace, name: objectName } = object.metadata;
    if (!bucket(type).delete(objectKey(namespace, objectName))) return;
    revision++;
    notify({
      type: 'DELETED',
      object: { ...clone(object), metadata: { ...clone(object.metadata), resourceVersion: String(revision) } },
    });
    if (isDefinitionType(type)) unregisterDefinition(object);
    collectGarbage(object.metadata.uid);
    if (namespace) finishNamespaceIfEmpty(namespace);
  };

  /** Dependents whose owners are all gone are deleted, as the garbage collector does (background propagation). */
  const collectGarbage = (uid: string | undefined) => {
    if (!uid) return;
    const alive = new Set([...store.values()].flatMap((objects) => [...objects.values()].map((o) => o.metadata.uid)));
    for (const [key, objects] of store) {
      for (const object of [...objects.values()]) {
        const owners = (object.metadata.ownerReferences ?? []) as { uid?: string }[];
        if (owners.some((o) => o.uid === uid) && owners.every((o) => !alive.has(o.uid))) {
          const [group, kind] = key.split('/') as [string, string];
          userDelete(typeByKind({ group, kind })!, object, {});
        }
      }
    }
  };

  /** Marked for deletion with no finalizer left (a namespace goes only once it is empty, see `finishNamespaceIfEmpty`). */
  const isFinalized = (type: TypeEntry, object: KubeObject) =>
    object.metadata.deletionTimestamp !== undefined && !object.metadata.finalizers?.length && !isNamespaceType(type);

  // ---- Namespaces ----
  const namespaceType = typeByKind({ group: '', kind: 'Namespace' })!;
  const namespaceContents = (namespace: string) =>
    [...store.entries()].flatMap(([key, objects]) =>
      [...objects.values()].filter((o) => o.metadata.namespace === namespace).map((o) => ({ key, object: o })),
    );
  const finishNamespaceIfEmpty = (namespace: string) => {
    const object = lookup(namespaceType, undefined, namespace);
    if (
      object?.metadata.deletionTimestamp &&
      namespaceContents(namespace).length === 0 &&
      !object.metadata.finalizers?.length
    )
      finalRemove(namespaceType, object);
  };
  const requireNamespace = (namespace: string) => {
    const object = lookup(namespaceType, undefined, namespace);
    if (!object) throw notFoundError('namespaces', namespace, '', 'namespaces');
    if (object.metadata.deletionTimestamp)
      throw new StatusError(
        403,
        'Forbidden',
        `unable to create new content in namespace ${namespace} because it is being terminated`,
        { name: namespace, kind: 'namespaces' },
      );
  };

  // ---- CustomResourceDefinitions ----
  const registerDefinition = (object: KubeObject) => {
    unregisterDefinition(object);
    for (const entry of definitionTypes(object)) registerEntry(entry);
  };
  const unregisterDefinition = (object: KubeObject) => {
    const { spec } = object as unknown as CustomResourceDefinition;
    for (const [key, type] of types)
      if (type.group === spec.group && type.plural === spec.names.plural) types.delete(key);
    if (!lookup({ group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' }, undefined, object.metadata.name)) {
      const objects = store.get(typeKey({ group: spec.group, kind: spec.names.kind }));
      for (const gone of [...(objects?.values() ?? [])]) {
        objects!.delete(objectKey(gone.metadata.namespace, gone.metadata.name));
        revision++;
        notify({ type: 'DELETED', object: gone });
      }
    }
  };

  // ---- Writes ----
  interface WriteOptions {
    dryRun?: boolean;
    manager?: string;
    subresource?: string;
  }

  /** The server-owned parts of an object: identity, timestamps, generation, status per subresource rules, type defaults. */
  const finishWrite = (
    type: TypeEntry,
    next: KubeObject,
    previous: KubeObject | undefined,
    options: WriteOptions,
    controller = false,
  ): KubeObject => {
    const meta = next.metadata;
    next.apiVersion = next.apiVersion ?? groupVersion(type.group, type.version);
    next.kind = type.kind;
    if (previous) {
      for (const field of ['uid', 'creationTimestamp', 'deletionTimestamp', 'generation'] as const) {
        if (previous.metadata[field] === undefined) delete meta[field];
        else (meta as Record<string, unknown>)[field] = previous.metadata[field];
      }
      if (!controller && type.statusSubresource) {
        if (options.subresource === 'status') {
          const status = next.status;
          Object.assign(next, clone(previous), { status });
          if (status === undefined) delete next.status;
        } else if (previous.status === undefined) delete next.status;
        else next.status = clone(previous.status);
      }
    } else {
      meta.uid = randomUUID();
      meta.creationTimestamp = timestamp();
      delete meta.deletionTimestamp;
      if (!controller && type.statusSubresource) delete next.status;
    }
    if (type.kind === 'Secret' && type.group === '') normalizeSecret(next);
    // kube-apiserver's StorageObjectInUseProtection admission plugin (kubernetes
    // `plugin/pkg/admission/storage/storageobjectinuseprotection/admission.go`): every new claim and volume gets its
    // protection finalizer, which only the pvc/pv-protection controllers remove (when no Pod uses the claim).
    if (!previous && type.group === '' && STORAGE_PROTECTION[type.kind]) {
      const finalizer = STORAGE_PROTECTION[type.kind]!;
      if (!meta.finalizers?.includes(finalizer)) meta.finalizers = [...(meta.finalizers ?? []), finalizer];
    }
    if (isNamespaceType(type)) {
      meta.labels = { ...meta.labels, 'kubernetes.io/metadata.name': meta.name };
      next.spec = { finalizers: ['kubernetes'], ...(next.spec as object) };
      if (!controller && !previous) next.status = { phase: 'Active' };
    }
    if (isDefinitionType(type)) {
      validateDefinition(next);
      // Established at once, whoever writes it; conditions keep their times while the names stay (a re-apply changes nothing).
      const status = definitionStatus(next, timestamp());
      const kept = previous?.status as typeof status | undefined;
      next.status =
        kept &&
        deepEqual(kept.acceptedNames, status.acceptedNames) &&
        deepEqual(kept.storedVersions, status.storedVersions)
          ? kept
          : status;
    }
    if (type.group !== '') {
      const specOf = (o: KubeObject) =>
        Object.fromEntries(
          Object.entries(o).filter(([k]) => !['metadata', 'status', 'apiVersion', 'kind'].includes(k)),
        );
      meta.generation =
        (previous?.metadata.generation ?? 0) + (previous && deepEqual(specOf(previous), specOf(next)) ? 0 : 1);
    }
    return next;
  };

  const normalizeSecret = (secret: KubeObject) => {
    const stringData = secret.stringData as Record<string, string> | undefined;
    if (stringData) {
      secret.data = {
        ...(secret.data as object),
        ...Object.fromEntries(
          Object.entries(stringData).map(([k, v]) => [k, Buffer.from(String(v)).toString('base64')]),
        ),
      };
      delete secret.stringData;
    }
    secret.type = secret.type || 'Opaque';
  };

  /** A request body's object, checked against the URL it was sent to. */
  const bodyObject = (
    type: TypeEntry,
    body: unknown,
    namespace: string | undefined,
    urlName: string | undefined,
  ): KubeObject => {
    if (!isMap(body) || !isMap(body.metadata ?? {}))
      throw new StatusError(
        400,
        'BadRequest',
        'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml',
      );
    const object = clone(body) as KubeObject;
    object.metadata = (object.metadata ?? {}) as KubeObject['metadata'];
    const meta = object.metadata;
    if (object.kind !== undefined && object.kind !== type.kind)
      throw new StatusError(
        400,
        'BadRequest',
        `the kind of the object (${object.kind}) does not match the kind on the URL (${type.kind})`,
      );
    if (object.apiVersion !== undefined && groupOf(object.apiVersion) !== type.group)
      throw new StatusError(
        400,
        'BadRequest',
        `the API version in the data (${object.apiVersion}) does not match the expected API version (${groupVersion(type.group, type.version)})`,
      );
    if (!meta.name && typeof meta.generateName === 'string' && !urlName)
      meta.name = `${meta.generateName}${randomUUID().slice(0, 5)}`;
    if (urlName !== undefined && meta.name !== undefined && meta.name !== urlName)
      throw new StatusError(
        400,
        'BadRequest',
        `the name of the object (${meta.name}) does not match the name on the URL (${urlName})`,
      );
    meta.name = meta.name ?? urlName ?? '';
    if (!meta.name)
      throw new StatusError(
        422,
        'Invalid',
        `${type.kind} "" is invalid: metadata.name: Required value: name or generateName is required`,
        { kind: type.kind, group: type.group },
      );
    if (type.namespaced) {
      if (meta.namespace !== undefined && meta.namespace !== namespace)
        throw new StatusError(
          400,
          'BadRequest',
          'the namespace of the provided object does not match the namespace sent on the request',
        );
      meta.namespace = namespace;
    } else delete meta.namespace;
    validateMetadata(type, meta);
    validateData(type, object);
    object.apiVersion = groupVersion(type.group, type.version);
    return object;
  };

  const conflict = (type: TypeEntry, objectName: string) =>
    new StatusError(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${resourceName(type)} "${objectName}": the object has been modified; please apply your changes to the latest version and try again`,
      { name: objectName, group: type.group, kind: type.plural },
    );
  const unsupportedPatch = (accepted: string[]) =>
    new StatusError(
      415,
      'UnsupportedMediaType',
      `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
    );
  const missing = (type: TypeEntry, objectName: string) =>
    notFoundError(resourceName(type), objectName, type.group, type.plural);

  /** Stores (unless dry run) and returns what the client sees. */
  const save = (
    type: TypeEntry,
    next: KubeObject,
    previous: KubeObject | undefined,
    options: WriteOptions,
  ): KubeObject => {
    const stripped = (o: KubeObject) => ({ ...o, metadata: { ...o.metadata, resourceVersion: undefined } });
    if (previous && deepEqual(stripped(previous), stripped(next))) return clone(previous);
    if (options.dryRun) {
      if (isFinalized(type, next)) return next;
      if (previous) next.metadata.resourceVersion = previous.metadata.resourceVersion;
      else delete next.metadata.resourceVersion;
      return next;
    }
    return clone(commit(type, next, previous));
  };

  const userCreate = (
    type: TypeEntry,
    namespace: string | undefined,
    body: unknown,
    options: WriteOptions,
  ): KubeObject => {
    const object = bodyObject(type, body, namespace, undefined);
    if (type.namespaced) requireNamespace(namespace!);
    if (lookup(type, namespace, object.metadata.name))
      throw new StatusError(409, 'AlreadyExists', `${resourceName(type)} "${object.metadata.name}" already exists`, {
        name: object.metadata.name,
        group: type.group,
        kind: type.plural,
      });
    delete object.metadata.resourceVersion;
    const next = finishWrite(type, object, undefined, options);
    admit(next, undefined, options);
    recordUpdate(undefined, next, {
      manager: options.manager ?? 'unknown',
      apiVersion: next.apiVersion,
      now: timestamp(),
    });
    return save(type, next, undefined, options);
  };

  const userReplace = (
    type: TypeEntry,
    namespace: string | undefined,
    objectName: string,
    body: unknown,
    options: WriteOptions,
  ): KubeObject => {
    const object = bodyObject(type, body, namespace, objectName);
    const previous = lookup(type, namespace, objectName);
    if (!previous) throw missing(type, objectName);
    if (object.metadata.resourceVersion && object.metadata.resourceVersion !== previous.metadata.resourceVersion)
      throw conflict(type, objectName);
    if (object.metadata.managedFields === undefined) object.metadata.managedFields = previous.metadata.managedFields;
    const next = finishWrite(type, object, previous, options);
    admit(next, previous, options);
    recordUpdate(previous, next, {
      manager: options.manager ?? 'unknown',
      apiVersion: next.apiVersion,
      now: timestamp(),
    });
    return save(type, next, previous, options);
  };

  const userPatch = (
    type: TypeEntry,
    namespace: string | undefined,
    objectName: string,
    contentType: string,
    raw: Buffer,
    options: WriteOptions & { force?: boolean },
  ): KubeObject => {
    const previous = lookup(type, namespace, objectName);
    const now = timestamp();
    if (contentType.startsWith('application/apply-patch')) {
      if (!options.manager)
        throw new StatusError(
          422,
          'Invalid',
          'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
        );
      const config = bodyObject(type, parseBody(raw, contentType), namespace, objectName);
      if (type.namespaced && !previous) requireNamespace(namespace!);
      if (type.statusSubresource && options.subresource !== 'status') delete config.status;
      const merged = serverSideApply(
        previous as Record<string, unknown> | undefined,
        config as Record<string, unknown>,
        { manager: options.manager, force: options.force ?? false, apiVersion: config.apiVersion, now },
      ) as KubeObject;
      merged.metadata.name = objectName;
      if (type.namespaced) merged.metadata.namespace = namespace;
      const applied = finishWrite(type, merged, previous, options);
      admit(applied, previous, options);
      return save(type, applied, previous, options);
    }
    if (!previous) throw missing(type, objectName);
    const strategic = contentType.startsWith('application/strategic-merge-patch+json');
    if (strategic && !BUILT_IN_TYPES.some((t) => t.group === type.group && t.kind === type.kind))
      throw unsupportedPatch([
        'application/json-patch+json',
        'application/merge-patch+json',
        'application/apply-patch+yaml',
      ]);
    if (
      !strategic &&
      !contentType.startsWith('application/merge-patch+json') &&
      !contentType.startsWith('application/json-patch+json')
    )
      throw unsupportedPatch([
        'application/json-patch+json',
        'application/merge-patch+json',
        'application/apply-patch+yaml',
        'application/strategic-merge-patch+json',
      ]);
    const patch = parseBody(raw, contentType);
    if (
      isMap(patch) &&
      isMap(patch.metadata) &&
      patch.metadata.resourceVersion !== undefined &&
      patch.metadata.resourceVersion !== previous.metadata.resourceVersion
    )
      throw conflict(type, objectName);
    const patched = contentType.startsWith('application/json-patch+json')
      ? jsonPatch(previous, patch)
      : mergePatch(previous, patch);
    const next = bodyObject(type, patched, namespace, objectName);
    finishWrite(type, next, previous, options);
    admit(next, previous, options);
    recordUpdate(previous, next, { manager: options.manager ?? 'unknown', apiVersion: next.apiVersion, now });
    return save(type, next, previous, options);
  };

  /** A user's delete: at once without finalizers, else `deletionTimestamp` and the controllers finish it. */
  const userDelete = (
    type: TypeEntry,
    object: KubeObject,
    options: WriteOptions & { preconditions?: { uid?: string; resourceVersion?: string } },
  ): KubeObject => {
    const { uid, resourceVersion } = options.preconditions ?? {};
    if (
      (uid && uid !== object.metadata.uid) ||
      (resourceVersion && resourceVersion !== object.metadata.resourceVersion)
    )
      throw conflict(type, object.metadata.name);
    const isNamespace = isNamespaceType(type);
    if (!object.metadata.finalizers?.length && !isNamespace) {
      if (!options.dryRun) finalRemove(type, object);
      return clone(object);
    }
    if (object.metadata.deletionTimestamp) return clone(object);
    const next = clone(object);
    next.metadata.deletionTimestamp = timestamp();
    (next.metadata as Record<string, unknown>).deletionGracePeriodSeconds = 0;
    if (isNamespace) next.status = { phase: 'Terminating' };
    if (options.dryRun) return next;
    commit(type, next, object);
    if (isNamespace) {
      for (const { key, object: content } of namespaceContents(object.metadata.name)) {
        const [group, kind] = key.split('/') as [string, string];
        userDelete(typeByKind({ group, kind })!, content, {});
      }
      finishNamespaceIfEmpty(object.metadata.name);
    }
    return clone(lookup(type, object.metadata.namespace, object.metadata.name) ?? next);
  };

  // ---- Reads ----
  const matching = (type: TypeRef, namespace: string | undefined, query: URLSearchParams) => {
    const labels = parseLabelSelector(query.get('labelSelector') ?? '');
    const fields = parseFieldSelector(query.get('fieldSelector') ?? '');
    return (object: KubeObject) =>
      typeKey({ group: groupOf(object.apiVersion), kind: object.kind }) === typeKey(type) &&
      (namespace === undefined || object.metadata.namespace === namespace) &&
      labels.every((matches) => matches(object.metadata.labels ?? {})) &&
      fields.every((matches) => matches(object as unknown as Record<string, unknown>));
  };
  const sortedObjects = (type: TypeRef) =>
    [...(store.get(typeKey(type))?.values() ?? [])].sort((a, b) =>
      objectKey(a.metadata.namespace, a.metadata.name).localeCompare(objectKey(b.metadata.namespace, b.metadata.name)),
    );
  /** As read through a version: the same object under that version's apiVersion. */
  const asVersion = (type: TypeEntry, object: KubeObject): KubeObject => ({
    ...clone(object),
    apiVersion: groupVersion(type.group, type.version),
  });

  const tableOf = (type: TypeEntry, objects: KubeObject[], includeObject: string | null) =>
    table(
      type,
      objects.map((o) => asVersion(type, o)),
      String(revision),
      includeObject,
    );

  // ---- HTTP ----
  /** A request body as JSON: protobuf from kubectl's typed clients, YAML for apply patches, else JSON. */
  const parseBody = (raw: Buffer, contentType: string): unknown => {
    if (contentType.startsWith('application/vnd.kubernetes.protobuf')) {
      try {
        return decodeProtobufObject(raw);
      } catch (error) {
        throw new StatusError(
          415,
          'UnsupportedMediaType',
          `the sandbox API server could not decode the protobuf body: ${(error as Error).message}`,
        );
      }
    }
    const yaml = contentType.startsWith('application/apply-patch+yaml') || contentType.startsWith('application/yaml');
    try {
      return yaml ? parseYaml(raw.toString('utf8')) : JSON.parse(raw.toString('utf8'));
    } catch (error) {
      throw new StatusError(
        400,
        'BadRequest',
        `error decoding ${yaml ? 'YAML' : 'JSON'}: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES)
          reject(new StatusError(413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728'));
        else chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  const send = (res: ServerResponse, status: number, body: unknown, contentType = 'application/json') => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const watch = (
    req: IncomingMessage,
    res: ServerResponse,
    type: TypeEntry,
    accepts: (object: KubeObject) => boolean,
    query: URLSearchParams,
    asTable: boolean,
  ) => {
    const since = query.get('resourceVersion');
    const timeout = query.get('timeoutSeconds') ?? String(MAX_WATCH_SECONDS);
    if (!/^\d{1,9}$/.test(timeout))
      throw new StatusError(
        400,
        'BadRequest',
        `invalid timeoutSeconds ${JSON.stringify(timeout)}: a whole number of seconds`,
      );
    const timeoutSeconds = Math.min(Number(timeout), MAX_WATCH_SECONDS);
    if (since && !/^\d{1,15}$/.test(since))
      throw new StatusError(
        400,
        'BadRequest',
        `invalid resourceVersion ${JSON.stringify(since)}: resource versions are whole numbers`,
      );
    const render = (event: WatchEvent) => {
      const object = asVersion(type, event.object);
      return `${JSON.stringify({ type: event.type, object: asTable ? tableOf(type, [object], query.get('includeObject')) : object })}\n`;
    };
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    res.flushHeaders(); // clients wait for the headers before they read any event
    if (!since || since === '0') {
      for (const object of sortedObjects(type).filter(accepts)) res.write(render({ type: 'ADDED', object }));
    } else {
      const from = Number(since);
      if (history.length > 0 && from < history[0]!.revision - 1) {
        const gone = new StatusError(
          410,
          'Expired',
          `too old resource version: ${since} (${history[0]?.revision ?? revision})`,
        );
        res.end(`${JSON.stringify({ type: 'ERROR', object: gone.status })}\n`);
        return;
      }
      for (const { revision: at, event } of history) if (at > from && accepts(event.object)) res.write(render(event));
    }
    // What the client sees now: an object that stops (starts) matching the selectors is DELETED (ADDED) for it.
    const visible = new Set(
      sortedObjects(type)
        .filter(accepts)
        .map((o) => o.metadata.uid),
    );
    const listener = (event: WatchEvent) => {
      const { uid } = event.object.metadata;
      const matches = event.type !== 'DELETED' && accepts(event.object);
      const seen = visible.has(uid);
      if (matches) visible.add(uid);
      else visible.delete(uid);
      if (matches || seen)
        res.write(render({ type: !matches ? 'DELETED' : seen ? event.type : 'ADDED', object: event.object }));
    };
    listeners.add(listener);
    const timer = setTimeout(() => res.end(), timeoutSeconds * 1000);
    const stop = () => {
      clearTimeout(timer);
      listeners.delete(listener);
    };
    res.on('close', stop);
    req.on('close', stop);
  };

  const handleResource = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    group: string,
    version: string,
    segments: string[],
  ) => {
    const method = req.method ?? 'GET';
    const query = url.searchParams;
    let namespace: string | undefined;
    let rest = segments;
    if (
      segments[0] === 'namespaces' &&
      segments.length >= 3 &&
      typeByPlural(group, version, segments[2]!)?.namespaced
    ) {
      namespace = segments[1]!;
      rest = segments.slice(2);
    }
    const [plural, objectName, subresource] = rest as [string, string | undefined, string | undefined];
    const type = typeByPlural(group, version, plural);
    if (group === '' && plural === 'pods' && subresource === 'log' && namespace && objectName && req.method === 'GET') {
      if (!lookup(type!, namespace, objectName)) throw missing(type!, objectName);
      // `sinceSeconds`/`sinceTime` (kubectl logs --since/--since-time), then `tailLines`.
      const sinceSeconds = Number(query.get('sinceSeconds') ?? Number.NaN);
      const sinceTime = Date.parse(query.get('sinceTime') ?? '');
      const sinceMs = Number.isFinite(sinceSeconds)
        ? Date.now() - sinceSeconds * 1000
        : Number.isFinite(sinceTime)
          ? sinceTime
          : 0;
      const lines = podLogs(namespace, objectName, sinceMs) ?? [];
      const tail = Number(query.get('tailLines') ?? Number.NaN);
      const shown = Number.isInteger(tail) && tail >= 0 ? lines.slice(lines.length - tail) : lines;
      return send(res, 200, shown.map((line) => `${line}\n`).join(''), 'text/plain');
    }
    const listing = req.method === 'GET' && objectName === undefined;
    const unserved =
      !type ||
      rest.length > 3 ||
      (subresource && !(subresource === 'status' && type.statusSubresource)) ||
      (type.namespaced && namespace === undefined && !listing);
    if (unserved)
      return send(
        res,
        404,
        new StatusError(404, 'NotFound', 'the server could not find the requested resource', {}).status,
      );
    const options = {
      dryRun: query.getAll('dryRun').includes('All'),
      manager: query.get('fieldManager') ?? req.headers['user-agent']?.split('/')[0],
      ...(subresource ? { subresource } : {}),
    };
    const asTable = /as=Table/.test(req.headers.accept ?? '');
    if (listing) {
      const accepts = matching(type, namespace, query);
      if (query.get('watch') === 'true' || query.get('watch') === '1')
        return watch(req, res, type, accepts, query, asTable);
      const items = sortedObjects(type)
        .filter(accepts)
        .map((o) => asVersion(type, o));
      if (asTable) return send(res, 200, tableOf(type, items, query.get('includeObject')));
      return send(res, 200, {
        apiVersion: groupVersion(group, version),
        kind: `${type.kind}List`,
        metadata: { resourceVersion: String(revision) },
        items,
      });
    }
    const contentType = req.headers['content-type'] ?? 'application/json';
    if (method === 'POST' && objectName === undefined)
      return send(
        res,
        201,
        asVersion(type, userCreate(type, namespace, parseBody(await readBody(req), contentType), options)),
      );
    if (objectName === undefined)
      return send(
        res,
        405,
        new StatusError(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`)
          .status,
      );
    if (method === 'GET') {
      const object = lookup(type, namespace, objectName);
      if (!object) throw missing(type, objectName);
      return send(res, 200, asTable ? tableOf(type, [object], query.get('includeObject')) : asVersion(type, object));
    }
    if (method === 'PUT')
      return send(
        res,
        200,
        asVersion(type, userReplace(type, namespace, objectName, parseBody(await readBody(req), contentType), options)),
      );
    if (method === 'PATCH') {
      const existed = lookup(type, namespace, objectName) !== undefined;
      const result = userPatch(type, namespace, objectName, contentType, await readBody(req), {
        ...options,
        force: query.get('force') === 'true',
      });
      return send(res, existed ? 200 : 201, asVersion(type, result));
    }
    if (method === 'DELETE') {
      const raw = await readBody(req);
      const deleteOptions = (raw.length ? parseBody(raw, contentType) : {}) as {
        dryRun?: string[];
        preconditions?: { uid?: string; resourceVersion?: string };
      };
      const object = lookup(type, namespace, objectName);
      if (!object) throw missing(type, objectName);
      return send(
        res,
        200,
        asVersion(
          type,
          userDelete(type, object, {
            ...options,
            dryRun: options.dryRun || (deleteOptions.dryRun ?? []).includes('All'),
            ...(deleteOptions.preconditions ? { preconditions: deleteOptions.preconditions } : {}),
          }),
        ),
      );
    }
    return send(
      res,
      405,
      new StatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource')
        .status,
    );
  };

  const faults: { pattern: RegExp; times: number }[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'https://stand-in');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (requests.length > MAX_LOGGED_REQUESTS) requests.shift();
    const fault = faults.find((f) => f.times > 0 && f.pattern.test(`${req.method} ${url.pathname}`));
    if (fault) {
      fault.times--;
      // What a kube-apiserver answers when etcd does not (apiserver `pkg/storage/etcd3`): 500, retried by nobody.
      throw new StatusError(500, 'InternalError', 'Internal error occurred: etcdserver: request timed out');
    }
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    switch (url.pathname) {
      case '/version':
        return send(res, 200, versionInfo(gitVersion));
      case '/livez':
      case '/healthz':
        return send(res, 200, 'ok', 'text/plain');
      case '/readyz':
        return ready
          ? send(res, 200, 'ok', 'text/plain')
          : send(
              res,
              500,
              `[+]ping ok\n[-]etcd failed: reason withheld\nreadyz check failed (${name})\n`,
              'text/plain',
            );
      case '/api':
      case '/apis':
        if ((req.headers.accept ?? '').includes(AGGREGATED_DISCOVERY))
          return send(
            res,
            200,
            aggregatedDiscovery([...types.values()], url.pathname === '/api'),
            AGGREGATED_DISCOVERY,
          );
        return send(
          res,
          200,
          url.pathname === '/apis'
            ? groupList([...types.values()])
            : {
                kind: 'APIVersions',
                versions: ['v1'],
                serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `${host}:6443` }],
              },
        );
      case '/openapi/v3':
        return send(res, 200, openApiRoot([...types.values()]));
      case '/openapi/v2':
        // An empty OpenAPI v2 Document (protobuf, as kubectl asks): no schemas, so kubectl validates nothing itself.
        return send(res, 200, '', 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    }
    if (url.pathname.startsWith('/openapi/v3/')) {
      const [, , root, ...rest] = segments;
      const [group, version] = root === 'api' ? ['', rest[0] ?? ''] : [rest[0] ?? '', rest[1] ?? ''];
      const document = openApiDocument([...types.values()], group, version, gitVersion);
      if (document) return send(res, 200, document);
    }
    const [root, ...rest] = segments;
    const [group, version, resource] =
      root === 'api'
        ? ['', rest[0], rest.slice(1)]
        : root === 'apis'
          ? [rest[0] ?? '', rest[1], rest.slice(2)]
          : ['', undefined, []];
    if (version !== undefined && resource.length === 0 && req.method === 'GET') {
      const list = resourceList([...types.values()], group, version);
      if (list) return send(res, 200, list);
    }
    if (version !== undefined && resource.length > 0) return handleResource(req, res, url, group, version, resource);
    return send(
      res,
      404,
      new StatusError(404, 'NotFound', 'the server could not find the requested resource', {}).status,
    );
  };

  const server = https.createServer(
    { key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        const status =
          error instanceof StatusError
            ? error
            : new StatusError(500, 'InternalError', `Internal error occurred: ${(error as Error).message}`);
        if (!res.headersSent) send(res, status.code, status.status);
        else res.end();
      });
    },
  );
  let reachable = true;
  server.on('connection', (socket) => {
    if (!reachable) socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `https://${host}:${port}`;

  for (const namespace of INITIAL_NAMESPACES)
    userCreate(namespaceType, undefined, { metadata: { name: namespace } }, { manager: 'kube-apiserver' });

  /** A cluster-scoped type ignores the namespace a caller passes. */
  const scoped = (type: TypeRef, namespace: string | undefined) =>
    typeByKind(type)?.namespaced === false ? undefined : namespace;
  const controllerType = (object: { apiVersion: string; kind: string }) => {
    const type = typeByKind({ group: groupOf(object.apiVersion), kind: object.kind });
    if (!type)
      throw new Error(
        `sandbox API server ${name}: no type ${object.kind} in ${object.apiVersion} is served (create its CustomResourceDefinition first)`,
      );
    return type;
  };

  return {
    name,
    url,
    host,
    port,
    caPem: certs.ca,
    clientCertPem: certs.clientCert,
    clientKeyPem: certs.clientKey,
    requests,
    kubeconfig: (contextName) =>
      toYaml({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [
          {
            name: contextName,
            cluster: { server: url, 'certificate-authority-data': Buffer.from(certs.ca).toString('base64') },
          },
        ],
        users: [
          {
            name: contextName,
            user: {
              'client-certificate-data': Buffer.from(certs.clientCert).toString('base64'),
              'client-key-data': Buffer.from(certs.clientKey).toString('base64'),
            },
          },
        ],
        contexts: [{ name: contextName, context: { cluster: contextName, user: contextName } }],
        'current-context': contextName,
        preferences: {},
      }),
    registerType: (type) =>
      registerEntry({ ...type, singular: type.kind.toLowerCase(), statusSubresource: true, printerColumns: [] }),
    get: (type, namespace, objectName) => {
      const object = lookup(type, scoped(type, namespace), objectName);
      return object && clone(object);
    },
    list: (type, namespace) => {
      const within = scoped(type, namespace);
      return sortedObjects(type)
        .filter((o) => within === undefined || o.metadata.namespace === within)
        .map(clone);
    },
    put: (object) => {
      const type = controllerType(object);
      const next = clone(object);
      if (!type.namespaced) delete next.metadata.namespace;
      const { namespace, name: objectName } = next.metadata;
      if (type.namespaced && (!namespace || !lookup(namespaceType, undefined, namespace)))
        throw new Error(
          `sandbox API server ${name}: ${object.kind} ${objectName} needs an existing namespace, not ${JSON.stringify(namespace)}`,
        );
      const previous = lookup(type, namespace, objectName);
      if (next.metadata.managedFields === undefined && previous?.metadata.managedFields)
        next.metadata.managedFields = previous.metadata.managedFields;
      return save(type, finishWrite(type, next, previous, {}, true), previous, {});
    },
    delete: (type, namespace, objectName) => {
      const entry = typeByKind(type);
      const object = lookup(type, scoped(type, namespace), objectName);
      if (entry && object) userDelete(entry, object, {});
    },
    remove: (type, namespace, objectName) => {
      const entry = typeByKind(type);
      const object = lookup(type, scoped(type, namespace), objectName);
      if (entry && object) finalRemove(entry, object);
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setReady: (value) => {
      ready = value;
    },
    setVersion: (value) => {
      gitVersion = value;
    },
    failRequests: (pattern, times = 1) => {
      faults.push({ pattern, times });
    },
    setReachable: (value) => {
      if (reachable && !value) server.closeAllConnections();
      reachable = value;
    },
    addAdmission: (hook) => {
      admission.push(hook);
    },
    setPodLogs: (source) => {
      podLogs = source;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
