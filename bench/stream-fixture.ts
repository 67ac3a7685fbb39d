// What the streaming benchmark pushes through a step: 20 secrets of the kinds a deploy registers
// (the redactor adds their encoded forms), and a file of tool output (Ansible and OpenTofu lines,
// colour codes, some UTF-8, a secret now and then, plain or encoded) to feed the child with `head -c`.
import { open } from 'node:fs/promises';

/** Deterministic pseudo-random bytes: the same secrets and data on every run. */
function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789abcdef';

function token(random: (n: number) => number, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[random(alphabet.length)];
  return out;
}

/**
 * An application credential secret, a password, a kubeconfig's client-key-data (2,300 characters:
 * the stream holds back that much) and tokens of 16 to 64 characters.
 */
export function benchSecrets(): string[] {
  const random = generator(42);
  const secrets = [
    token(random, BASE64URL, 86),
    `Pässwörd-${token(random, BASE64URL, 12)}`,
    token(random, BASE64URL, 2300),
  ];
  for (let i = 0; i < 17; i++) secrets.push(token(random, i % 2 ? HEX : BASE64URL, 16 + random(49)));
  return secrets;
}

/** A secret in one of the forms tools print it in. */
function encodedLeak(secret: string, kind: number): string {
  switch (kind) {
    case 0:
      return `    "password": ${JSON.stringify(secret)},`;
    case 1:
      return `GET /v3/auth?token=${encodeURIComponent(secret)}&x=1`;
    case 2:
      return `data: ${Buffer.from(`{"key":"${secret}"}`).toString('base64')}`;
    default:
      return Buffer.from(`password: ${secret}\n`)
        .toString('base64')
        .replace(/(.{76})(?=.)/g, '$1\n');
  }
}

/** Writes `bytes` bytes of tool output to `file`. */
export async function writeBenchLog(file: string, bytes: number): Promise<void> {
  const random = generator(7);
  const secrets = benchSecrets();
  const lines: string[] = [];
  for (let i = 0; i < 4000; i++) {
    const host = `node-${random(12)}`;
    switch (random(6)) {
      case 0:
        lines.push(
          `\x1b[0;32mok: [${host}] => (item=kubelet) => {"changed": false, "item": "kubelet", "state": "started"}\x1b[0m`,
        );
        break;
      case 1:
        lines.push(`\x1b[0;33mchanged: [${host}]\x1b[0m`);
        break;
      case 2:
        lines.push(`TASK [kubernetes/control-plane : Joining control plane node to the cluster] ${'*'.repeat(40)}`);
        break;
      case 3:
        lines.push(`openstack_compute_instance_v2.node[${random(50)}]: Still creating... [${random(300)}s elapsed] ✓`);
        break;
      case 4:
        lines.push(
          `${new Date(1_700_000_000_000 + i * 997).toISOString()} ${host} kubelet[${random(9000)}]: I1123 reconciler.go:${random(400)}] "operationExecutor.VerifyControllerAttachedVolume started" volume=pvc-${token(random, HEX, 32)}`,
        );
        break;
      default:
        lines.push(
          `${host} | SUCCESS => {"ansible_facts": {"discovered_interpreter_python": "/usr/bin/python3"}, "changed": false, "ping": "pong"}`,
        );
    }
    // About one line in 2,000 leaks a secret, as a debug print of an environment would; as many
    // leak one encoded (JSON, URL, base64 inside a longer payload, wrapped), as tools print them.
    if (random(2000) === 0) lines.push(`OS_APPLICATION_CREDENTIAL_SECRET=${secrets[random(secrets.length)]}`);
    if (random(2000) === 0) lines.push(encodedLeak(secrets[random(secrets.length)]!, random(4)));
  }
  const block = Buffer.from(`${lines.join('\n')}\n`);
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length)
      await handle.write(block, 0, Math.min(block.length, bytes - written));
  } finally {
    await handle.close();
  }
}
