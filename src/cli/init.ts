import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../core/lib/errors.js';
import { quoteInput } from '../core/lib/echo.js';
import { hasExamplePin, pinWorkflow, releaseModuleSource, type ToolkitRelease } from '../core/model/release.js';
import {
  RUNNER_WORKFLOWS,
  RUNNERS,
  type Runner,
  relativeModuleSource,
  type ScaffoldFile,
  scaffoldFiles,
  writeScaffold,
} from '../core/model/scaffold.js';
import { toolkitDir } from './toolkit.js';

/** `cluster-deploy init`: a new cluster's config and cluster directory (core/scaffold.ts). */
export interface InitCommand {
  kind: 'init';
  root: string;
  cluster: string;
  organization: string;
  moduleSource?: string;
  /** Undefined: asked when interactive, else hosted (with a note). */
  runner?: Runner;
}

export const INIT_HELP = `Usage: cluster-deploy init --name CLUSTER --org ORG [--runner hosted|self-hosted] [--dir REPO] [--module-source SOURCE]

Writes a new cluster into the repository REPO (default: the current directory):
  clusters/CLUSTER.yaml                          the cluster config
  infrastructure/clusters/CLUSTER/main.tf        the cluster: modules/openstack-cluster with its values
  infrastructure/clusters/CLUSTER/backend.tf     the OpenTofu state in Swift's S3 API
  .github/workflows/{plan,deploy,drift}.yml      the example workflows for the runner (kept if present)
Every value only you can choose (the image, flavors, networks, the API's floating IP, Keystone's URL…)
is written as CHANGEME: plan, deploy and every other command refuse the cluster, naming each one, until
it is set. An existing file is never overwritten: init then writes nothing and names it.
  --name CLUSTER           the cluster's name: a DNS label of at most 40 characters (it prefixes every
                           OpenStack resource and node name)
  --org ORG                the organization (the config's opencenter.meta.organization)
  --runner WHERE           where the workflows run, which decides how the nodes are reached:
                             hosted       GitHub's hosted runners, from the internet: a floating IP per
                                          node, the API on the first control plane's floating IP
                             self-hosted  runners on the nodes' network (an existing network): private
                                          addresses, the API behind Octavia at a private address;
                                          the same workflows, run where the repository variables
                                          CLUSTER_DEPLOY_RUNNER and CLUSTER_DEPLOY_PR_RUNNER say
                           asked when the terminal is interactive; otherwise hosted, with a note
  --dir REPO               the repository to write into (created if missing)
  --module-source SOURCE   how main.tf references the module: a relative path, or a pinned release such as
                           git::https://github.com/org/deploy.git//modules/openstack-cluster?ref=v0.1.0
                           (default: when this tool is a clone at a release tag, that release, and the
                           workflows' uses: pinned to its commit, org/deploy@<sha> # vX.Y.Z; else the
                           relative path when this tool's module is inside REPO, else the release URL
                           with CHANGEME for the repository)

Example:
  cluster-deploy init --name prod-east --org acme --dir ./infra
  # run from a clone at a release tag (git clone --depth 1 --branch v0.1.0 https://github.com/acme/deploy.git),
  # init writes that release: the module's ?ref=v0.1.0 and the workflows' acme/deploy@<commit> # v0.1.0
  # set every CHANGEME (docs/getting-started.md), then:
  cluster-deploy plan --config ./infra/clusters/prod-east.yaml`;

/** init's flags, as the command table declares them (args.ts; each flag's type in flags.ts). */
export const INIT_FLAGS = ['name', 'org', 'runner', 'dir', 'module-source'] as const;

export function parseInitArgs(argv: string[], options: NonNullable<ParseArgsConfig['options']>): InitCommand {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options }));
  } catch (error) {
    throw new UsageError(`init: ${(error as Error).message}\nrun "cluster-deploy init --help" for usage`);
  }
  const required = (flag: 'name' | 'org') => {
    const value = values[flag];
    if (typeof value !== 'string' || value.trim() === '')
      throw new UsageError(`init: --${flag} is required\nrun "cluster-deploy init --help" for usage`);
    return value;
  };
  const runner = values.runner;
  if (runner !== undefined && !RUNNERS.includes(runner as Runner))
    throw new UsageError(
      `init: --runner ${quoteInput(String(runner), 40)} must be hosted (GitHub's runners) or self-hosted (runners on the nodes' network)`,
    );
  const dir = values.dir;
  if (dir !== undefined && (typeof dir !== 'string' || dir.trim() === '' || /[\n\r\0]/.test(dir)))
    throw new UsageError('init: --dir needs a directory');
  return {
    kind: 'init',
    cluster: required('name'),
    organization: required('org'),
    root: path.resolve(typeof dir === 'string' ? dir : '.'),
    moduleSource: typeof values['module-source'] === 'string' ? values['module-source'] : undefined,
    runner: runner as Runner | undefined,
  };
}

/**
 * The example workflows for the runner, from the toolkit's examples/workflows (shared: kept if present), each
 * `uses:` of the toolkit pinned to the release when it is known.
 */
function workflowFiles(toolkit: string | undefined, runner: Runner, release: ToolkitRelease): ScaffoldFile[] {
  if (!toolkit) return [];
  return Object.entries(RUNNER_WORKFLOWS[runner]).flatMap(([target, example]) => {
    const source = path.join(toolkit, 'examples', 'workflows', example);
    return existsSync(source)
      ? [
          {
            path: `.github/workflows/${target}`,
            content: pinWorkflow(readFileSync(source, 'utf8'), release),
            shared: true,
          },
        ]
      : [];
  });
}

/** A terminal to ask on: the user's, when both stdin and stderr are one. */
export interface Terminal {
  input: Readable;
  output: Writable;
}

const QUESTION =
  "Where do the workflows run? hosted (GitHub's runners, nodes reached by floating IPs) or self-hosted (runners on the nodes' network) [hosted]: ";

/** The runner: the flag, else asked on a terminal, else hosted. */
async function chooseRunner(command: InitCommand, terminal?: Terminal): Promise<{ runner: Runner; note?: string }> {
  if (command.runner) return { runner: command.runner };
  if (!terminal)
    return {
      runner: 'hosted',
      note: "no --runner given: wrote the layout for GitHub's hosted runners (node floating IPs, the API on the first control plane's floating IP); for runners on your cloud's network use --runner self-hosted",
    };
  // The lines as they come (buffered: answers typed ahead are not lost).
  const rl = createInterface({ input: terminal.input, terminal: false });
  try {
    terminal.output.write(QUESTION);
    for await (const line of rl) {
      const answer = line.trim().toLowerCase();
      if (answer === '') return { runner: 'hosted' };
      if (RUNNERS.includes(answer as Runner)) return { runner: answer as Runner };
      terminal.output.write(`  answer hosted or self-hosted\n${QUESTION}`);
    }
  } finally {
    rl.close();
  }
  throw new UsageError('init: no answer to where the workflows run; pass --runner hosted or --runner self-hosted');
}

/** Writes the files; returns what to print. */
export async function runInit(
  command: InitCommand,
  release: ToolkitRelease,
  terminal: Terminal | undefined = process.stdin.isTTY && process.stderr.isTTY
    ? { input: process.stdin, output: process.stderr }
    : undefined,
): Promise<string> {
  const toolkit = toolkitDir();
  const shipped = toolkit && path.join(toolkit, 'modules', 'openstack-cluster');
  // A release clone: its release, wherever it is. Else the shipped module by path when it is in the repository.
  const moduleSource =
    command.moduleSource ??
    (release.pin ? releaseModuleSource(release) : undefined) ??
    (shipped && relativeModuleSource(command.root, shipped)) ??
    releaseModuleSource(release);
  const { runner, note } = await chooseRunner(command, terminal);
  const files = [
    ...scaffoldFiles({ cluster: command.cluster, organization: command.organization, moduleSource, runner }),
    ...workflowFiles(toolkit, runner, release),
  ];
  const written = await writeScaffold(command.root, files);
  const workflows = files.filter((f) => f.shared);
  const kept = workflows.filter((f) => !written.some((w) => w.endsWith(f.path))).map((f) => f.path);
  const wroteWorkflows = workflows.filter((f) => !kept.includes(f.path));
  return [
    ...(note ? [`note: ${note}`, ''] : []),
    ...written.map((file) => `wrote ${file}`),
    ...kept.map((file) => `kept ${file} (already there)`),
    ...(release.pin && wroteWorkflows.length > 0
      ? [
          '',
          `The workflows use ${release.pin.repository}@${release.pin.commit} # v${release.version}; docs/versions.md says how to move to a newer release (Dependabot does it).`,
        ]
      : []),
    ...(wroteWorkflows.some((f) => hasExamplePin(f.content))
      ? [
          '',
          "The workflows pin this toolkit by a placeholder commit (org/deploy@0123…): this tool is not a clone at a release tag, so it cannot name the release's commit. Pin them with docs/versions.md, 'Pinning the examples'.",
        ]
      : []),
    ...(runner === 'self-hosted'
      ? [
          '',
          "The workflows' cloud-facing jobs run on GitHub's runners until you set the repository variables CLUSTER_DEPLOY_RUNNER (deploy, drift) and CLUSTER_DEPLOY_PR_RUNNER (plans of same-repository pull requests; forks stay on GitHub's runners) to your runners' label: docs/workflows.md, 'Private clouds'.",
        ]
      : []),
    '',
    'Next: set every CHANGEME in these files (docs/getting-started.md says what goes where), then',
    `  cluster-deploy plan --config ${path.relative(process.cwd(), path.join(command.root, files[0]!.path)) || files[0]!.path}`,
    '',
  ].join('\n');
}
