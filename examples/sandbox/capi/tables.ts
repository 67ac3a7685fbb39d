/**
 * Tables, as the apiserver answers kubectl's default `get` (Accept: …;as=Table): built-in kinds get their apiserver
 * columns, custom resources their CRD's `additionalPrinterColumns`, or Name and Age.
 */
import { nodeCells, nodeColumns, tableColumn } from '../kube-api.js';
import { isMap } from './api-objects.js';

type Json = unknown;

/** A small JSONPath for printer columns: `.a.b`, `[0]`, `[?(@.type=="Ready")]`. */
function jsonPathValue(object: Json, expression: string): Json {
  let current: Json[] = [object];
  const steps = expression.match(/\.[^.[]+|\[\?\(@\.[^=]+==["'][^"']*["']\)\]|\[\d+\]|\[\*\]/g) ?? [];
  for (const step of steps) {
    current = current.flatMap((value): Json[] => {
      if (step.startsWith('.')) return isMap(value) && value[step.slice(1)] !== undefined ? [value[step.slice(1)]] : [];
      if (!Array.isArray(value)) return [];
      if (step === '[*]') return value;
      const filter = /^\[\?\(@\.([^=]+)==["']([^"']*)["']\)\]$/.exec(step);
      if (filter) return value.filter((item) => isMap(item) && String(item[filter[1]!]) === filter[2]);
      const item = value[Number(step.slice(1, -1))];
      return item === undefined ? [] : [item];
    });
  }
  return current[0];
}

/** kubectl's human duration (`45s`, `3m20s`, `5h`, `12d`). */
function age(since: string | undefined, now = Date.now()): string {
  if (!since) return '<unknown>';
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (seconds < 120) return `${seconds}s`;
  if (minutes < 10) return seconds % 60 ? `${minutes}m${seconds % 60}s` : `${minutes}m`;
  if (hours < 3) return `${minutes}m`;
  if (hours < 8) return minutes % 60 ? `${hours}h${minutes % 60}m` : `${hours}h`;
  if (hours < 48) return `${hours}h`;
  if (days < 8) return hours % 24 ? `${days}d${hours % 24}h` : `${days}d`;
  return days < 730 ? `${days}d` : `${Math.floor(days / 365)}y${days % 365}d`;
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  priority?: number;
}

function printerCell(object: Json, column: PrinterColumn): Json {
  const value = jsonPathValue(object, column.jsonPath);
  if (value === undefined) return null;
  if (column.type === 'date') return age(String(value));
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** The slice of an object a Table reads. */
interface Row {
  apiVersion: string;
  kind: string;
  metadata: { name: string; creationTimestamp?: string };
  [key: string]: unknown;
}

const NAME = tableColumn('Name', 'Name must be unique within a namespace.');
const AGE = tableColumn(
  'Age',
  'CreationTimestamp is a timestamp representing the server time when this object was created.',
  'date',
);
const count = (value: unknown) => (isMap(value) ? Object.keys(value).length : 0);
const field = (object: Row, ...path: string[]) =>
  path.reduce<unknown>((node, key) => (isMap(node) ? node[key] : undefined), object);
const number = (object: Row, ...path: string[]) => Number(field(object, ...path) ?? 0);

/** By `group/kind`: the apiserver's columns for the built-in kinds users list. */
const BUILT_IN_TABLES: Record<
  string,
  { columns: ReturnType<typeof tableColumn>[]; cells: (object: Row) => unknown[] }
> = {
  '/Node': { columns: nodeColumns, cells: (o) => nodeCells(o, age(o.metadata.creationTimestamp)) },
  '/Namespace': {
    columns: [NAME, tableColumn('Status', 'The status of the namespace'), AGE],
    cells: (o) => [o.metadata.name, field(o, 'status', 'phase'), age(o.metadata.creationTimestamp)],
  },
  '/Secret': {
    columns: [
      NAME,
      tableColumn('Type', 'The type of the secret'),
      tableColumn('Data', 'The number of entries in the secret', 'integer'),
      AGE,
    ],
    cells: (o) => [o.metadata.name, o.type, count(o.data), age(o.metadata.creationTimestamp)],
  },
  '/ConfigMap': {
    columns: [NAME, tableColumn('Data', 'Number of data entries', 'integer'), AGE],
    cells: (o) => [o.metadata.name, count(o.data) + count(o.binaryData), age(o.metadata.creationTimestamp)],
  },
  'apps/Deployment': {
    columns: [
      NAME,
      tableColumn('Ready', 'Number of the pod with ready state'),
      tableColumn(
        'Up-to-date',
        'Total number of non-terminated pods targeted by this deployment that have the desired template spec.',
        'integer',
      ),
      tableColumn(
        'Available',
        'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.',
        'integer',
      ),
      AGE,
    ],
    cells: (o) => [
      o.metadata.name,
      `${number(o, 'status', 'readyReplicas')}/${field(o, 'spec', 'replicas') ?? 1}`,
      number(o, 'status', 'updatedReplicas'),
      number(o, 'status', 'availableReplicas'),
      age(o.metadata.creationTimestamp),
    ],
  },
  'apps/DaemonSet': {
    columns: [
      NAME,
      ...['Desired', 'Current', 'Ready', 'Up-to-date', 'Available'].map((c) =>
        tableColumn(c, `The ${c.toLowerCase()} number of nodes`, 'integer'),
      ),
      tableColumn('Node Selector', 'The node selector of the pods'),
      AGE,
    ],
    cells: (o) => {
      const selector = Object.entries(
        (field(o, 'spec', 'template', 'spec', 'nodeSelector') ?? {}) as Record<string, string>,
      ).map(([k, v]) => `${k}=${v}`);
      const status = [
        'desiredNumberScheduled',
        'currentNumberScheduled',
        'numberReady',
        'updatedNumberScheduled',
        'numberAvailable',
      ].map((key) => number(o, 'status', key));
      return [
        o.metadata.name,
        ...status,
        selector.length ? selector.join(',') : '<none>',
        age(o.metadata.creationTimestamp),
      ];
    },
  },
};

/** The Table of `objects` of one kind; `includeObject` as the client asked (`Metadata` by default). */
export function table(
  kind: { group: string; kind: string; printerColumns: PrinterColumn[] },
  objects: Row[],
  resourceVersion: string,
  includeObject: string | null,
) {
  const custom = kind.printerColumns.filter((c) => c.name.toLowerCase() !== 'name');
  const builtIn = BUILT_IN_TABLES[`${kind.group}/${kind.kind}`];
  const columns =
    builtIn?.columns ??
    (custom.length
      ? [
          NAME,
          ...custom.map((c) => ({ ...tableColumn(c.name, c.description ?? '', c.type), priority: c.priority ?? 0 })),
        ]
      : [NAME, AGE]);
  const cells = (object: Row) =>
    builtIn?.cells(object) ??
    (custom.length
      ? [object.metadata.name, ...custom.map((c) => printerCell(object, c))]
      : [object.metadata.name, age(object.metadata.creationTimestamp)]);
  const rowObject = (object: Row) =>
    includeObject === 'Object'
      ? object
      : includeObject === 'None'
        ? undefined
        : { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata };
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: columns,
    rows: objects.map((object) => ({ cells: cells(object), object: rowObject(object) })),
  };
}
