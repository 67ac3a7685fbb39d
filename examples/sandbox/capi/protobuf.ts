/**
 * kubectl's typed clients (`kubectl create namespace|secret|configmap|serviceaccount`) send request bodies as Kubernetes
 * protobuf (`application/vnd.kubernetes.protobuf`: the `k8s\0` magic, then a `runtime.Unknown` envelope) and do not fall
 * back to JSON. This decodes those few kinds into their JSON form; field numbers from k8s.io/api `generated.proto`.
 */

type Field =
  | 'string'
  | 'bytes'
  | 'int64'
  | 'bool'
  | 'strings'
  | 'stringMap'
  | 'bytesMap'
  | { message: Schema; repeated?: boolean };
type Schema = Record<number, [name: string, field: Field]>;

const ownerReference: Schema = {
  1: ['kind', 'string'],
  3: ['name', 'string'],
  4: ['uid', 'string'],
  5: ['apiVersion', 'string'],
  6: ['controller', 'bool'],
  7: ['blockOwnerDeletion', 'bool'],
};
const objectMeta: Schema = {
  1: ['name', 'string'],
  2: ['generateName', 'string'],
  3: ['namespace', 'string'],
  5: ['uid', 'string'],
  6: ['resourceVersion', 'string'],
  11: ['labels', 'stringMap'],
  12: ['annotations', 'stringMap'],
  13: ['ownerReferences', { message: ownerReference, repeated: true }],
  14: ['finalizers', 'strings'],
};
const reference: Schema = {
  1: ['kind', 'string'],
  2: ['namespace', 'string'],
  3: ['name', 'string'],
  4: ['uid', 'string'],
  5: ['apiVersion', 'string'],
};

/** The kinds kubectl creates with typed clients, by `apiVersion/kind`. */
const SCHEMAS: Record<string, Schema> = {
  'v1/Namespace': {
    1: ['metadata', { message: objectMeta }],
    2: ['spec', { message: { 1: ['finalizers', 'strings'] } }],
  },
  'v1/Secret': {
    1: ['metadata', { message: objectMeta }],
    2: ['data', 'bytesMap'],
    3: ['type', 'string'],
    4: ['stringData', 'stringMap'],
    5: ['immutable', 'bool'],
  },
  'v1/ConfigMap': {
    1: ['metadata', { message: objectMeta }],
    2: ['data', 'stringMap'],
    3: ['binaryData', 'bytesMap'],
    4: ['immutable', 'bool'],
  },
  'v1/ServiceAccount': {
    1: ['metadata', { message: objectMeta }],
    2: ['secrets', { message: reference, repeated: true }],
    3: ['imagePullSecrets', { message: { 1: ['name', 'string'] }, repeated: true }],
    4: ['automountServiceAccountToken', 'bool'],
  },
};

const unknownEnvelope: Schema = {
  1: ['typeMeta', { message: { 1: ['apiVersion', 'string'], 2: ['kind', 'string'] } }],
  2: ['raw', 'bytes'],
  4: ['contentType', 'string'],
};

const PROTOBUF_MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

/** Raw fields of one message: field number → values (varints as bigint, length-delimited as Buffer). */
function readFields(buffer: Buffer): Map<number, (bigint | Buffer)[]> {
  const fields = new Map<number, (bigint | Buffer)[]>();
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (offset >= buffer.length) throw new Error('truncated varint');
      const byte = buffer[offset++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return result;
    }
  };
  while (offset < buffer.length) {
    const tag = varint();
    const [number, wireType] = [Number(tag >> 3n), Number(tag & 7n)];
    let value: bigint | Buffer;
    if (wireType === 0) value = varint();
    else if (wireType === 2) {
      const length = Number(varint());
      if (offset + length > buffer.length) throw new Error('truncated field');
      value = buffer.subarray(offset, offset + length);
      offset += length;
    } else if (wireType === 1 || wireType === 5) {
      value = buffer.subarray(offset, offset + (wireType === 1 ? 8 : 4));
      offset += wireType === 1 ? 8 : 4;
    } else throw new Error(`unsupported wire type ${wireType}`);
    fields.set(number, [...(fields.get(number) ?? []), value]);
  }
  return fields;
}

function decodeMessage(buffer: Buffer, schema: Schema): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [number, values] of readFields(buffer)) {
    const known = schema[number];
    if (!known) continue;
    const [name, field] = known;
    const bytes = values.filter((v): v is Buffer => Buffer.isBuffer(v));
    if (field === 'string') {
      // proto2 sends empty strings; the JSON form omits them (omitempty).
      const text = bytes.at(-1)!.toString('utf8');
      if (text) result[name] = text;
    } else if (field === 'bytes') result[name] = bytes.at(-1)!;
    else if (field === 'int64') result[name] = Number(values.at(-1));
    else if (field === 'bool') result[name] = values.at(-1) === 1n;
    else if (field === 'strings') result[name] = bytes.map((b) => b.toString('utf8'));
    else if (field === 'stringMap' || field === 'bytesMap') {
      const entries = bytes.map((entry) =>
        decodeMessage(entry, { 1: ['key', 'string'], 2: ['value', field === 'stringMap' ? 'string' : 'bytes'] }),
      );
      result[name] = Object.fromEntries(
        entries.map((e) => [
          e.key ?? '',
          field === 'bytesMap'
            ? ((e.value as Buffer | undefined) ?? Buffer.alloc(0)).toString('base64')
            : (e.value ?? ''),
        ]),
      );
    } else if (field.repeated) result[name] = bytes.map((b) => decodeMessage(b, field.message));
    else result[name] = decodeMessage(bytes.at(-1)!, field.message);
  }
  return result;
}

/** The JSON form of a protobuf request body; throws naming the kind when it is not one this stand-in decodes. */
export function decodeProtobufObject(body: Buffer): Record<string, unknown> {
  if (!body.subarray(0, 4).equals(PROTOBUF_MAGIC)) throw new Error('missing the k8s protobuf magic');
  const envelope = decodeMessage(body.subarray(4), unknownEnvelope) as {
    typeMeta?: { apiVersion?: string; kind?: string };
    raw?: Buffer;
  };
  const { apiVersion = '', kind = '' } = envelope.typeMeta ?? {};
  const schema = SCHEMAS[`${apiVersion}/${kind}`];
  if (!schema)
    throw new Error(
      `protobuf bodies are decoded only for ${Object.keys(SCHEMAS).join(', ')}, not ${apiVersion}/${kind}; send JSON (kubectl apply)`,
    );
  return { apiVersion, kind, ...decodeMessage(envelope.raw ?? Buffer.alloc(0), schema) };
}
