import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseDuration } from '../core/duration.js';
import { UserError } from '../core/errors.js';
import type { StepFilter } from '../core/engine.js';
import type { DeployOptions } from '../core/settings.js';

/** The CLI's input helper: argv in, one typed command out. No side effects. */
export type CliCommand =
  | { kind: 'help'; text: string }
  | { kind: 'plan' | 'deploy'; options: DeployOptions; filter: StepFilter; json: boolean; tofuPlan: boolean }
  | { kind: 'normalize-kubeconfig'; options: DeployOptions }
  | { kind: 'wait-ready'; kubeconfig: string; kubectl?: string; timeoutMs?: number; intervalMs?: number; nodes?: number };

const DEPLOY_FLAGS = {
  config: { type: 'string' },
  'cluster-dir': { type: 'string' },
  cluster: { type: 'string' },
  org: { type: 'string' },
  'state-dir': { type: 'string' },
  restart: { type: 'boolean' },
  step: { type: 'string' },
  'from-step': { type: 'string' },
  timeout: { type: 'string' },
  interval: { type: 'string' },
  nodes: { type: 'string' },
  kubeconfig: { type: 'string' },
  vip: { type: 'string' },
  method: { type: 'string' },
  tofu: { type: 'string' },
  venv: { type: 'string' },
  'pip-arg': { type: 'string', multiple: true },
  'skip-auth-check': { type: 'boolean' },
  'auth-timeout': { type: 'string' },
  'os-auth-url': { type: 'string' },
  'os-region': { type: 'string' },
  'os-interface': { type: 'string' },
  'os-project-name': { type: 'string' },
  'os-project-id': { type: 'string' },
  'os-user-domain-name': { type: 'string' },
  'os-project-domain-name': { type: 'string' },
  'os-username': { type: 'string' },
  'os-password': { type: 'string' },
  'os-application-credential-id': { type: 'string' },
  'os-application-credential-secret': { type: 'string' },
  'os-cloud': { type: 'string' },
  'clouds-yaml': { type: 'string' },
  'os-cacert': { type: 'string' },
  'os-insecure': { type: 'boolean' },
  json: { type: 'boolean' },
  'tofu-plan': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const DEPLOY_OPTIONS_HELP = `Where the cluster is:
  --config FILE            openCenter cluster config (schema_version "2.0")
  --cluster-dir DIR        cluster directory (default <gitops.repository.local_dir>/infrastructure/clusters/<cluster>)
  --cluster NAME, --org ORG  names used for state without a config (default: the cluster dir's name, "standalone")
  --vip IP                 address replacing a loopback API server in the kubeconfig (default k8s_api_ip, else vrrp_ip)
  --method METHOD          deployment method; kubespray runs the Kubespray steps (default from config, else kubespray)
  --kubeconfig PATH        the normalised kubeconfig to write (default <state-dir>/<org>/<cluster>/kubeconfig)
  --state-dir DIR          resume state and logs (default $XDG_STATE_HOME/cluster-deploy or ~/.local/state/cluster-deploy)

Which steps:
  --restart                ignore saved state and run every step
  --step ID                run exactly this step, ignoring saved state
  --from-step ID           run this step and every later one, ignoring saved state

Tools:
  --tofu PATH              OpenTofu binary (default opentofu.path, else tofu, else terraform on PATH)
  --venv DIR               Kubespray venv (default <cluster-dir>/venv)
  --pip-arg ARG            extra argument for pip install, repeatable (e.g. --pip-arg=--no-index --pip-arg=--find-links=/wheels)

Readiness:
  --timeout D              how long to wait for the API (default 30m; e.g. 45m, 1h30m)
  --interval D             longest pause between checks (default 5s; the first check is immediate)
  --nodes N                also wait until N nodes are Ready

Credentials (options win over OS_* variables, which win over clouds.yaml, which wins over the config):
  --os-auth-url URL  --os-region NAME  --os-interface public|internal|admin
  --os-application-credential-id ID  --os-application-credential-secret SECRET
  --os-username NAME  --os-password PASSWORD  --os-project-name NAME  --os-project-id ID
  --os-user-domain-name NAME  --os-project-domain-name NAME  --os-cacert FILE  --os-insecure
  --os-cloud NAME  --clouds-yaml FILE   (a cloud from clouds.yaml, as OS_CLOUD)
  Prefer OS_* variables for secrets: command-line arguments are visible to other local users.
  --skip-auth-check        don't authenticate against Keystone in preflight (air-gapped planning)
  --auth-timeout D         Keystone request timeout (default 10s)`;

export const USAGE = `cluster-deploy: deploy Kubernetes on OpenStack (OpenTofu + Kubespray) with resume and a readiness gate

Usage:
  cluster-deploy plan     --config FILE [options]   show what a deploy would do; runs and writes nothing
  cluster-deploy deploy   --config FILE [options]   run the pipeline, resuming from saved state
  cluster-deploy normalize-kubeconfig --cluster-dir DIR --vip IP [--kubeconfig PATH]
  cluster-deploy wait-ready --kubeconfig PATH [--timeout D] [--interval D] [--nodes N]

Steps: openstack-preflight, opentofu-init, opentofu-apply, kubespray-venv-create, kubespray-pip-install,
       kubespray-ansible-playbook, openstack-normalize-kubeconfig, wait-ready

Run "cluster-deploy COMMAND --help" for a command's options.`;

const HELP: Record<string, string> = {
  plan: `Usage: cluster-deploy plan --config FILE [options] [--json]

Lists the steps a deploy would run under the current filters and saved state, each with its working
directory, command, reads, writes and environment (secret values shown as <redacted>).
  --json                   print the plan as JSON
  --tofu-plan              when the deploy would apply, also run tofu init and tofu plan (read-only on the
                           cloud; needs the credentials) and show what would change, as the action's dry run does

${DEPLOY_OPTIONS_HELP}`,
  deploy: `Usage: cluster-deploy deploy --config FILE [options]

Runs the pipeline. State is saved before and after every step, so running the same command again after
a failure continues where it stopped. SIGINT/SIGTERM interrupt the running step cleanly.
  --json                   print the result as JSON on stdout when done

${DEPLOY_OPTIONS_HELP}`,
  'normalize-kubeconfig': `Usage: cluster-deploy normalize-kubeconfig --cluster-dir DIR --vip IP [--kubeconfig PATH]

Finds the kubeconfig the deploy tooling wrote (PATH, DIR/kubeconfig.yaml, DIR/kubeconfig,
DIR/kube_config_cluster.yml, DIR/inventory/artifacts/admin.conf), rewrites servers on 127.0.0.1,
localhost or [::1] to the VIP (keeping scheme, port and path) and writes it to PATH with mode 0600.
  --config FILE            take the cluster dir and VIP from an openCenter config instead
  --state-dir DIR          where the default PATH lives`,
  'wait-ready': `Usage: cluster-deploy wait-ready --kubeconfig PATH [--timeout D] [--interval D] [--nodes N]

Waits until "kubectl get --raw /readyz" answers ok (and optionally N nodes are Ready).
  --timeout D              give up after this long (default 30m)
  --interval D             longest pause between checks (default 5s)
  --nodes N                also require N Ready nodes
  --kubectl PATH           kubectl binary (default kubectl)`,
};

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UserError(`${flag}: "${value}" is not a positive whole number`);
  return Number(value);
}

function duration(value: string | undefined, flag: string): number | undefined {
  return value === undefined ? undefined : parseDuration(value, flag);
}

function parse<T extends ParseArgsConfig['options']>(command: string, argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    throw new UserError(`${command}: ${message}\nrun "cluster-deploy ${command} --help" for usage`);
  }
}

export function parseCli(argv: string[]): CliCommand {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') return { kind: 'help', text: USAGE };
  if (!(command in HELP)) throw new UserError(`unknown command "${command}"\n\n${USAGE}`);
  if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help', text: HELP[command]! };

  if (command === 'wait-ready') {
    const v = parse(command, rest, {
      kubeconfig: { type: 'string' },
      kubectl: { type: 'string' },
      timeout: { type: 'string' },
      interval: { type: 'string' },
      nodes: { type: 'string' },
    });
    if (!v.kubeconfig) throw new UserError('wait-ready: --kubeconfig PATH is required');
    return {
      kind: 'wait-ready',
      kubeconfig: v.kubeconfig,
      kubectl: v.kubectl,
      timeoutMs: duration(v.timeout, '--timeout'),
      intervalMs: duration(v.interval, '--interval'),
      nodes: positiveInt(v.nodes, '--nodes'),
    };
  }

  const v = parse(command, rest, DEPLOY_FLAGS);
  const waitReady = {
    ...(v.timeout !== undefined && { timeoutMs: duration(v.timeout, '--timeout') }),
    ...(v.interval !== undefined && { intervalMs: duration(v.interval, '--interval') }),
    ...(v.nodes !== undefined && { nodes: positiveInt(v.nodes, '--nodes') }),
  };
  const options: DeployOptions = {
    configPath: v.config,
    clusterDir: v['cluster-dir'],
    clusterName: v.cluster,
    organization: v.org,
    stateDir: v['state-dir'],
    kubeconfigPath: v.kubeconfig,
    vip: v.vip,
    method: v.method,
    tofuBinary: v.tofu,
    venvDir: v.venv,
    pipArgs: v['pip-arg'],
    skipAuthCheck: v['skip-auth-check'],
    authTimeoutMs: duration(v['auth-timeout'], '--auth-timeout'),
    waitReady,
    cloud: v['os-cloud'],
    cloudsYaml: v['clouds-yaml'],
    credentials: {
      authUrl: v['os-auth-url'],
      region: v['os-region'],
      interface: v['os-interface'],
      projectName: v['os-project-name'],
      projectId: v['os-project-id'],
      userDomainName: v['os-user-domain-name'],
      projectDomainName: v['os-project-domain-name'],
      username: v['os-username'],
      password: v['os-password'],
      applicationCredentialId: v['os-application-credential-id'],
      applicationCredentialSecret: v['os-application-credential-secret'],
      caCert: v['os-cacert'],
      ...(v['os-insecure'] && { insecure: true }),
    },
  };
  if (command === 'normalize-kubeconfig') {
    if (!options.configPath && !options.clusterDir) throw new UserError('normalize-kubeconfig: --cluster-dir DIR is required (or --config FILE)');
    if (!options.configPath && !options.vip) throw new UserError('normalize-kubeconfig: --vip IP is required (or --config FILE)');
    return { kind: 'normalize-kubeconfig', options };
  }
  if (!options.configPath && !options.clusterDir) {
    throw new UserError(`${command}: give --config FILE, or --cluster-dir DIR (with --vip IP) for standalone use`);
  }
  if (command === 'deploy' && v['tofu-plan']) throw new UserError('deploy: --tofu-plan is an option of plan, not deploy');
  return {
    kind: command as 'plan' | 'deploy',
    options,
    filter: { restart: v.restart, step: v.step, fromStep: v['from-step'] },
    json: !!v.json,
    tofuPlan: !!v['tofu-plan'],
  };
}
