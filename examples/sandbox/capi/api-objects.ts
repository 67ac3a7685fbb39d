/**
 * Pure helpers of the Kubernetes API server stand-in (`api-server.ts`): server-side apply with field ownership,
 * merge and JSON patches, label and field selectors, Status errors.
 */
import { valueAt } from '../../../src/core/kubespray/node-changes.js';

/** A JSON value as decoded from a request body. */
type Json = unknown;
type JsonMap = Record<string, Json>;

export const isMap = (value: Json): value is JsonMap =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const clone = <T>(value: T): T => structuredClone(value);

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}

/** An apiserver error, answered as a `Status` object. */
export class StatusError extends Error {
  readonly code: number;
  readonly reason: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: number, reason: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.details = details;
  }

  get status() {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(this.details ? { details: this.details } : {}),
      code: this.code,
    };
  }
}

/** `secrets "x" not found` as the apiserver words it (`resource` is `plural` or `plural.group`). */
export const notFoundError = (resource: string, name: string, group: string, kind: string) =>
  new StatusError(404, 'NotFound', `${resource} "${name}" not found`, { name, group, kind });

// ---- Field ownership (server-side apply) ----
// Modelled: maps merge key by key; lists and scalars are atomic (owned and replaced whole, like `x-kubernetes-list-type: atomic`);
// a manager's applied fields are recorded in `managedFields` (FieldsV1); fields it applied before and omits now are removed
// unless another manager also owns them; a changed value owned by another manager is a conflict unless `force=true`.
// Not modelled: associative lists (merge keys), per-version ownership, subresource ownership.

type FieldPath = string[];
const pathKey = (path: FieldPath) => JSON.stringify(path);

/** Fields no manager owns: identity and server-set metadata. */
const UNOWNED = new Set([
  '["apiVersion"]',
  '["kind"]',
  ...[
    'name',
    'namespace',
    'uid',
    'resourceVersion',
    'generation',
    'creationTimestamp',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'managedFields',
    'generateName',
  ].map((f) => pathKey(['metadata', f])),
]);

/** The leaf paths of an object: scalars, lists and empty maps. */
function leafPaths(value: Json, prefix: FieldPath = []): FieldPath[] {
  if (!isMap(value) || (Object.keys(value).length === 0 && prefix.length > 0))
    return UNOWNED.has(pathKey(prefix)) ? [] : [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
}

function setAt(target: JsonMap, path: FieldPath, value: Json): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    if (!isMap(current[key])) current[key] = {};
    current = current[key] as JsonMap;
  }
  current[path.at(-1)!] = clone(value);
}

/** Removes a field and the maps it leaves empty. */
function removeAt(target: JsonMap, path: FieldPath): void {
  const parent = valueAt(target, path.slice(0, -1));
  if (!isMap(parent)) return;
  delete parent[path.at(-1)!];
  if (path.length > 1 && Object.keys(parent).length === 0) removeAt(target, path.slice(0, -1));
}

const overlaps = (a: FieldPath, b: FieldPath) =>
  a.slice(0, Math.min(a.length, b.length)).every((key, i) => key === b[i]);

/** FieldsV1 (`{"f:spec":{"f:replicas":{}}}`) ⇄ leaf paths. */
function toFieldsV1(paths: FieldPath[]): JsonMap {
  const root: JsonMap = {};
  for (const path of paths)
    setAt(
      root,
      path.map((key) => `f:${key}`),
      {},
    );
  return root;
}

function fromFieldsV1(fields: Json, prefix: FieldPath = []): FieldPath[] {
  if (!isMap(fields)) return [];
  const entries = Object.entries(fields).filter(([key]) => key.startsWith('f:'));
  if (entries.length === 0) return prefix.length ? [prefix] : [];
  return entries.flatMap(([key, child]) => fromFieldsV1(child, [...prefix, key.slice(2)]));
}

interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: JsonMap;
  subresource?: string;
}

interface Ownership {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  paths: FieldPath[];
}

const readOwnership = (entries: unknown): Ownership[] =>
  (Array.isArray(entries) ? (entries as ManagedFieldsEntry[]) : []).map((e) => ({
    manager: e.manager,
    operation: e.operation,
    apiVersion: e.apiVersion,
    time: e.time,
    paths: fromFieldsV1(e.fieldsV1),
  }));

const writeOwnership = (owners: Ownership[]): ManagedFieldsEntry[] =>
  owners
    .filter((o) => o.paths.length > 0)
    .map((o) => ({
      manager: o.manager,
      operation: o.operation,
      apiVersion: o.apiVersion,
      time: o.time,
      fieldsType: 'FieldsV1',
      fieldsV1: toFieldsV1(o.paths),
    }));

export interface ApplyRequest {
  manager: string;
  force: boolean;
  apiVersion: string;
  now: string;
}

/**
 * Server-side apply of `config` over `live` (undefined: create). Returns the merged object with its `managedFields`;
 * throws a 409 Conflict listing every field another manager owns with another value, unless forced.
 */
export function serverSideApply(live: JsonMap | undefined, config: JsonMap, request: ApplyRequest): JsonMap {
  const owners = readOwnership(live ? valueAt(live, ['metadata', 'managedFields']) : undefined);
  const mine = owners.find((o) => o.manager === request.manager && o.operation === 'Apply');
  const others = owners.filter((o) => o !== mine);
  const applied = leafPaths(config);
  // An applied empty map (`labels: {}`) only asserts that the map exists: it keeps the keys others set.
  const keepsMap = (path: FieldPath) =>
    live !== undefined && isMap(valueAt(config, path)) && isMap(valueAt(live, path));
  const conflicts: { manager: string; path: FieldPath }[] = [];
  for (const path of applied) {
    if (
      live === undefined ||
      keepsMap(path) ||
      deepEqual(valueAt(live, path), valueAt(config, path)) ||
      valueAt(live, path) === undefined
    )
      continue;
    for (const other of others)
      if (other.paths.some((owned) => overlaps(owned, path))) conflicts.push({ manager: other.manager, path });
  }
  if (conflicts.length > 0 && !request.force) {
    const field = (path: FieldPath) => `.${path.join('.')}`;
    const lines = conflicts.map((c) => `conflict with "${c.manager}": ${field(c.path)}`);
    const message =
      conflicts.length === 1
        ? `Apply failed with 1 conflict: ${lines[0]}`
        : `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
    throw new StatusError(409, 'Conflict', message, {
      causes: conflicts.map((c) => ({
        reason: 'FieldManagerConflict',
        message: `conflict with "${c.manager}"`,
        field: field(c.path),
      })),
    });
  }
  const result: JsonMap = clone(live ?? {});
  const ownedByOthers = (path: FieldPath) => others.some((o) => o.paths.some((owned) => overlaps(owned, path)));
  for (const path of mine?.paths ?? []) {
    const stillApplied = applied.some((a) => overlaps(a, path) && !(keepsMap(a) && a.length < path.length));
    if (!stillApplied && !ownedByOthers(path)) removeAt(result, path);
  }
  for (const path of applied) if (!keepsMap(path)) setAt(result, path, valueAt(config, path));
  for (const key of ['apiVersion', 'kind']) result[key] = config[key];
  // A forced apply takes the conflicting fields from their owners.
  for (const other of others)
    other.paths = other.paths.filter(
      (owned) => !conflicts.some((c) => c.manager === other.manager && overlaps(owned, c.path)),
    );
  const unchanged = mine !== undefined && deepEqual(mine.paths.map(pathKey).sort(), applied.map(pathKey).sort());
  const entry: Ownership = {
    manager: request.manager,
    operation: 'Apply',
    apiVersion: request.apiVersion,
    time: unchanged ? mine.time : request.now,
    paths: applied,
  };
  setAt(
    result,
    ['metadata', 'managedFields'],
    writeOwnership(mine ? owners.map((o) => (o === mine ? entry : o)) : [...owners, entry]),
  );
  return result;
}

/** An Update (create, replace, patch) by `manager`: it owns the fields it changed; others lose them. */
export function recordUpdate(before: JsonMap | undefined, after: JsonMap, request: Omit<ApplyRequest, 'force'>): void {
  const owners = readOwnership(before ? valueAt(before, ['metadata', 'managedFields']) : undefined);
  const changed = leafPaths(after).filter((path) => !before || !deepEqual(valueAt(before, path), valueAt(after, path)));
  if (changed.length === 0) {
    setAt(after, ['metadata', 'managedFields'], writeOwnership(owners));
    return;
  }
  for (const owner of owners)
    owner.paths = owner.paths.filter((owned) => !changed.some((path) => overlaps(owned, path)));
  const mine = owners.find((o) => o.manager === request.manager && o.operation === 'Update');
  const paths = [...(mine?.paths ?? []), ...changed];
  const entry: Ownership = {
    manager: request.manager,
    operation: 'Update',
    apiVersion: request.apiVersion,
    time: request.now,
    paths,
  };
  setAt(
    after,
    ['metadata', 'managedFields'],
    writeOwnership(mine ? owners.map((o) => (o === mine ? entry : o)) : [...owners, entry]),
  );
}

/** RFC 7386 JSON merge patch; also kubectl's strategic merge patch of built-in types, approximated (lists are replaced, not merged by key). */
export function mergePatch(target: Json, patch: Json): Json {
  if (!isMap(patch)) return clone(patch);
  const result: JsonMap = isMap(target) ? clone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) continue; // strategic-merge directives ($patch, $retainKeys…): not modelled
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** RFC 6902 JSON patch (`kubectl patch --type json`): add, remove, replace, test, move, copy. */
export function jsonPatch(target: Json, operations: Json): Json {
  if (!Array.isArray(operations))
    throw new StatusError(400, 'BadRequest', 'the JSON patch must be an array of operations');
  let document = clone(target);
  const pointer = (path: unknown) => {
    if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')))
      throw new StatusError(422, 'Invalid', `invalid JSON pointer ${JSON.stringify(path)}`);
    return path === ''
      ? []
      : path
          .slice(1)
          .split('/')
          .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  };
  const missing = (path: unknown) =>
    new StatusError(
      422,
      'Invalid',
      `the server rejected our request due to an error in our request: doc is missing path: "${path}"`,
    );
  const resolve = (tokens: string[]) => valueAt(document, tokens);
  const parentOf = (tokens: string[], path: unknown) => {
    const parent = resolve(tokens.slice(0, -1));
    if (!isMap(parent) && !Array.isArray(parent)) throw missing(path);
    return parent;
  };
  const remove = (path: unknown) => {
    const tokens = pointer(path);
    const parent = parentOf(tokens, path);
    const key = tokens.at(-1)!;
    if (Array.isArray(parent)) {
      if (!(Number(key) in parent)) throw missing(path);
      return parent.splice(Number(key), 1)[0];
    }
    if (!(key in parent)) throw missing(path);
    const value = parent[key];
    delete parent[key];
    return value;
  };
  const add = (path: unknown, value: Json) => {
    const tokens = pointer(path);
    if (tokens.length === 0) {
      document = clone(value);
      return;
    }
    const parent = parentOf(tokens, path);
    const key = tokens.at(-1)!;
    if (Array.isArray(parent)) parent.splice(key === '-' ? parent.length : Number(key), 0, clone(value));
    else parent[key] = clone(value);
  };
  for (const operation of operations) {
    if (!isMap(operation)) throw new StatusError(400, 'BadRequest', 'each JSON patch operation must be an object');
    const { op, path, value, from } = operation;
    if (op === 'add') add(path, value);
    else if (op === 'remove') remove(path);
    else if (op === 'replace') {
      remove(path);
      add(path, value);
    } else if (op === 'move') add(path, remove(from));
    else if (op === 'copy') add(path, resolve(pointer(from)));
    else if (op === 'test') {
      if (!deepEqual(resolve(pointer(path)), value))
        throw new StatusError(
          422,
          'Invalid',
          `the server rejected our request due to an error in our request: testing value ${String(path)} failed`,
        );
    } else throw new StatusError(422, 'Invalid', `unexpected JSON patch operation ${JSON.stringify(op)}`);
  }
  return document;
}

// ---- Metadata ----

const DNS_SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^(?=.{1,63}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

interface Metadata {
  name: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
}

/** The apiserver's metadata validation: string maps and lists where Go types demand them (400), then names and labels (422). */
export function validateMetadata(type: { group: string; kind: string }, meta: Metadata): void {
  for (const field of ['labels', 'annotations'] as const) {
    const map = meta[field] as unknown;
    if (map !== undefined && (!isMap(map) || Object.values(map).some((v) => typeof v !== 'string')))
      throw new StatusError(
        400,
        'BadRequest',
        `error decoding the object: metadata.${field} must map strings to strings`,
      );
  }
  const finalizers = meta.finalizers as unknown;
  if (finalizers !== undefined && (!Array.isArray(finalizers) || finalizers.some((f) => typeof f !== 'string')))
    throw new StatusError(
      400,
      'BadRequest',
      'error decoding the object: metadata.finalizers must be a list of strings',
    );
  const problems: { field: string; message: string }[] = [];
  const isNamespace = type.group === '' && type.kind === 'Namespace';
  if (!(isNamespace ? DNS_LABEL : DNS_SUBDOMAIN).test(meta.name)) {
    const rule = isNamespace
      ? "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
      : "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    problems.push({ field: 'metadata.name', message: `Invalid value: "${meta.name}": ${rule}` });
  }
  const NAME_RULE =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
  const qualifiedName = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
  for (const [field, map] of [
    ['labels', meta.labels],
    ['annotations', meta.annotations],
  ] as const) {
    for (const [key, value] of Object.entries(map ?? {})) {
      const slash = key.lastIndexOf('/');
      const [prefix, keyName] = slash >= 0 ? [key.slice(0, slash), key.slice(slash + 1)] : ['', key];
      if (!qualifiedName.test(keyName) || keyName.length > 63 || (slash >= 0 && !DNS_SUBDOMAIN.test(prefix)))
        problems.push({ field: `metadata.${field}`, message: `Invalid value: "${key}": ${NAME_RULE}` });
      if (field === 'labels' && value !== '' && (!qualifiedName.test(value) || value.length > 63)) {
        problems.push({
          field: 'metadata.labels',
          message: `Invalid value: "${value}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
        });
      }
    }
  }
  if (problems.length === 0) return;
  const listed = problems.map((p) => `${p.field}: ${p.message}`);
  const message = `${type.kind} "${meta.name}" is invalid: ${listed.length === 1 ? listed[0] : `[${listed.join(', ')}]`}`;
  throw new StatusError(422, 'Invalid', message, {
    name: meta.name,
    group: type.group,
    kind: type.kind,
    causes: problems.map((p) => ({ reason: 'FieldValueInvalid', ...p })),
  });
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Secret and ConfigMap maps as Go decodes them: string values, base64 where bytes are meant (else 400, like the apiserver). */
export function validateData(
  type: { group: string; kind: string; version: string },
  object: Record<string, unknown>,
): void {
  if (type.group !== '' || (type.kind !== 'Secret' && type.kind !== 'ConfigMap')) return;
  const fail = (reason: string) =>
    new StatusError(
      400,
      'BadRequest',
      `${type.kind} in version "${type.version}" cannot be handled as a ${type.kind}: ${reason}`,
    );
  const maps = type.kind === 'Secret' ? { data: true, stringData: false } : { data: false, binaryData: true };
  for (const [field, bytes] of Object.entries(maps)) {
    const map = object[field];
    if (map === undefined || map === null) continue;
    if (!isMap(map)) throw fail(`${field} must map keys to ${bytes ? 'base64 strings' : 'strings'}`);
    for (const [key, value] of Object.entries(map)) {
      // The value stays out of the message: it may be a secret.
      if (typeof value !== 'string')
        throw fail(
          `${field}.${key} must be a string, not a ${value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value}`,
        );
      if (bytes && !BASE64.test(value)) throw fail(`${field}.${key} is not valid base64 (illegal base64 data)`);
    }
  }
}

// ---- Selectors ----

type Requirement = (labels: Record<string, string>) => boolean;

/** `a=b,c!=d,e,!f,g in (x,y),h notin (z)` — the apiserver's label selector syntax. */
export function parseLabelSelector(selector: string): Requirement[] {
  const parts = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  return parts.map((raw) => {
    const part = raw.trim();
    const set = /^([^\s!=]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(part);
    if (set) {
      const values = set[3]!.split(',').map((v) => v.trim());
      return (labels) => (set[2] === 'in' ? values.includes(labels[set[1]!]!) : !values.includes(labels[set[1]!]!));
    }
    const compare = /^([^\s!=]+)\s*(==|=|!=)\s*([^\s]*)$/.exec(part);
    if (compare)
      return (labels) =>
        compare[2] === '!=' ? labels[compare[1]!] !== compare[3] : labels[compare[1]!] === compare[3];
    if (/^![^\s!=]+$/.test(part)) return (labels) => !(part.slice(1) in labels);
    if (/^[^\s!=()]+$/.test(part)) return (labels) => part in labels;
    throw new StatusError(
      400,
      'BadRequest',
      `unable to parse requirement: found '${part}', expected: in, notin, =, ==, !=, gt, lt`,
    );
  });
}

/** `metadata.name=x,metadata.namespace!=y`: the field labels every resource supports. */
export function parseFieldSelector(selector: string): ((object: JsonMap) => boolean)[] {
  return selector
    .split(',')
    .filter((part) => part.trim())
    .map((part) => {
      const match = /^\s*([^!=\s]+)\s*(==|=|!=)\s*([^\s]*)\s*$/.exec(part);
      if (!match)
        throw new StatusError(400, 'BadRequest', `invalid selector: '${selector}'; can't understand '${part}'`);
      const [, field, operator, value] = match;
      if (field !== 'metadata.name' && field !== 'metadata.namespace')
        throw new StatusError(400, 'BadRequest', `field label not supported: ${field}`);
      return (object) => (valueAt(object, field.split('.')) === value) !== (operator === '!=');
    });
}
