import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UsageError } from '../core/lib/errors.js';
import { relativeModuleSource, scaffoldFiles, writeScaffold } from '../core/model/scaffold.js';

/** `cluster-deploy init`: a new cluster's config and cluster directory (core/scaffold.ts). */
export interface InitCommand {
  kind: 'init';
  root: string;
  cluster: string;
  organization: string;
  moduleSource?: string;
}

export const INIT_HELP = `Usage: cluster-deploy init --name CLUSTER --org ORG [--dir REPO] [--module-source SOURCE]

Writes a new cluster into the repository REPO (default: the current directory):
  clusters/CLUSTER.yaml                          the cluster config
  infrastructure/clusters/CLUSTER/main.tf        the cluster: modules/openstack-cluster with its values
  infrastructure/clusters/CLUSTER/backend.tf     the OpenTofu state in Swift's S3 API
Every value only you can choose (the image, flavors, networks, the API's floating IP, Keystone's URL…)
is written as CHANGEME: plan, deploy and every other command refuse the cluster, naming each one, until
it is set. An existing file is never overwritten: init then writes nothing and names it.
  --name CLUSTER           the cluster's name: a DNS label of at most 40 characters (it prefixes every
                           OpenStack resource and node name)
  --org ORG                the organization (the config's opencenter.meta.organization)
  --dir REPO               the repository to write into (created if missing)
  --module-source SOURCE   how main.tf references the module: a relative path, or a pinned release such as
                           git::https://github.com/org/deploy.git//modules/openstack-cluster?ref=v1.4.2
                           (default: the relative path when this tool's module is inside REPO, else that
                           release URL with CHANGEME for the repository)

Example:
  cluster-deploy init --name prod-east --org acme --dir ./infra \\
    --module-source 'git::https://github.com/acme/deploy.git//modules/openstack-cluster?ref=v1.4.2'
  # set every CHANGEME (docs/getting-started.md), then:
  cluster-deploy plan --config ./infra/clusters/prod-east.yaml`;

export function parseInitArgs(argv: string[]): InitCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        name: { type: 'string' },
        org: { type: 'string' },
        dir: { type: 'string' },
        'module-source': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(`init: ${(error as Error).message}\nrun "cluster-deploy init --help" for usage`);
  }
  const required = (flag: 'name' | 'org') => {
    const value = values[flag];
    if (typeof value !== 'string' || value.trim() === '')
      throw new UsageError(`init: --${flag} is required\nrun "cluster-deploy init --help" for usage`);
    return value;
  };
  const dir = values.dir;
  if (dir !== undefined && (typeof dir !== 'string' || dir.trim() === '' || /[\n\r\0]/.test(dir)))
    throw new UsageError('init: --dir needs a directory');
  return {
    kind: 'init',
    cluster: required('name'),
    organization: required('org'),
    root: path.resolve(typeof dir === 'string' ? dir : '.'),
    moduleSource: typeof values['module-source'] === 'string' ? values['module-source'] : undefined,
  };
}

/** The module shipped with this tool: beside src/ (sources) or dist/ (the bundle) in its repository. */
function shippedModuleDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'modules', 'openstack-cluster');
    if (existsSync(path.join(candidate, 'versions.tf'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

const RELEASE_SOURCE = (version: string) =>
  `git::https://github.com/CHANGEME/deploy.git//modules/openstack-cluster?ref=v${version}`;

/** Writes the files; returns what to print. */
export async function runInit(command: InitCommand, version: string): Promise<string> {
  const shipped = shippedModuleDir();
  const moduleSource =
    command.moduleSource ?? (shipped && relativeModuleSource(command.root, shipped)) ?? RELEASE_SOURCE(version);
  const files = scaffoldFiles({ cluster: command.cluster, organization: command.organization, moduleSource });
  const written = await writeScaffold(command.root, files);
  return [
    ...written.map((file) => `wrote ${file}`),
    '',
    'Next: set every CHANGEME in these files (docs/getting-started.md says what goes where), then',
    `  cluster-deploy plan --config ${path.relative(process.cwd(), path.join(command.root, files[0]!.path)) || files[0]!.path}`,
    '',
  ].join('\n');
}
