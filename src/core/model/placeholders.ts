import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CREDENTIAL_FIELDS, PLACEHOLDER } from '../openstack/credentials.js';
import { UserError } from '../lib/errors.js';
import { displayPath, readTextFile } from '../lib/files.js';

/**
 * The values `cluster-deploy init` leaves for the user to choose, written as CHANGEME: found in the
 * config and in the cluster directory's OpenTofu files, and refused by name before anything runs.
 */

/**
 * The application credential's id and secret: their CHANGEME gives way to a username and password
 * from another source, and preflight reports it otherwise (credentials.ts, steps/preflight.ts).
 */
const CREDENTIAL_TEXT_KEYS = new Set(
  CREDENTIAL_FIELDS.filter(
    (spec) => spec.field === 'applicationCredentialId' || spec.field === 'applicationCredentialSecret',
  ).flatMap((spec) => spec.config),
);
const CREDENTIALS_PATH = 'opencenter.infrastructure.cloud.openstack';

/** Dotted paths of the config's values that are still CHANGEME. */
export function configPlaceholders(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return value.includes(PLACEHOLDER) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => configPlaceholders(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    if (at === CREDENTIALS_PATH && CREDENTIAL_TEXT_KEYS.has(key)) return [];
    return configPlaceholders(item, at ? `${at}.${key}` : key);
  });
}

/** `file:line name` of each CHANGEME in the directory's OpenTofu files (*.tf, *.tfvars), comments aside. */
export function tofuPlaceholders(dir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && /\.(tf|tfvars)$/.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch {
    return []; // no cluster directory (yet): preflight says so
  }
  const found: string[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const lines = readTextFile(file, {
      noun: 'OpenTofu file',
      plural: 'OpenTofu files',
      maxBytes: 4 * 1024 * 1024,
    }).split('\n');
    // The keys of the objects a line is inside (`worker_pools = {` … `default = {`); null for blocks.
    const open: (string | null)[] = [];
    lines.forEach((line, i) => {
      const code = line
        .replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => quoted.replace(/[{}#/]/g, '_'))
        .replace(/(#|\/\/).*$/, '');
      const at = code.indexOf(PLACEHOLDER);
      if (at >= 0) {
        const keys = [...code.slice(0, at).matchAll(/([\w-]+)\s*=/g)].map((m) => m[1]!);
        const where = [...open.filter((k): k is string => k !== null), ...keys].join('.');
        found.push(`${displayPath(file)}:${i + 1} ${where || '(a value)'}`);
      }
      for (const m of code.matchAll(/(?:([\w-]+)\s*=\s*)?\{|\}/g)) {
        if (m[0] === '}') open.pop();
        else open.push(m[1] ?? null);
      }
    });
  }
  return found;
}

/**
 * Refuses a config that still holds CHANGEME (its schema would otherwise refuse some of them with
 * less help), naming every one, and those of the cluster directory it names when its file is known.
 */
export function refuseConfigPlaceholders(value: unknown, source: string, configFile?: string): void {
  if (configPlaceholders(value).length === 0) return;
  const raw = value as {
    opencenter?: {
      meta?: { name?: unknown };
      cluster?: { cluster_name?: unknown };
      gitops?: { repository?: { local_dir?: unknown } };
    };
  };
  const name = raw.opencenter?.cluster?.cluster_name ?? raw.opencenter?.meta?.name;
  const localDir = raw.opencenter?.gitops?.repository?.local_dir;
  const clusterDir =
    configFile && typeof name === 'string' && typeof localDir === 'string' && /^[\w.-]+$/.test(name)
      ? path.join(path.resolve(path.dirname(configFile), localDir), 'infrastructure', 'clusters', name)
      : undefined;
  refusePlaceholders({ file: configFile ?? source, value }, clusterDir);
}

/** Refuses a cluster whose config or OpenTofu files still hold CHANGEME, naming every one. */
export function refusePlaceholders(
  config: { file: string; value: unknown } | undefined,
  clusterDir: string | undefined,
): void {
  const found = [
    ...(config ? configPlaceholders(config.value).map((at) => `${displayPath(config.file)}: ${at}`) : []),
    ...(clusterDir ? tofuPlaceholders(clusterDir) : []),
  ];
  if (found.length === 0) return;
  throw new UserError(
    `the cluster still has values to choose, written as ${PLACEHOLDER} (by cluster-deploy init):\n${found.map((f) => `  - ${f}`).join('\n')}\nset each one (docs/getting-started.md says what goes where), then run the command again`,
  );
}
