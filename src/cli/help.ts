import { CERTIFICATE_WARNING_DAYS } from '../core/model/check-report.js';
import { OPERATIONS } from '../core/lib/option-values.js';
import { CLUSTER_API_STEPS, OPERATION_STEPS } from '../core/model/operations.js';
import { CREDENTIAL_FIELDS } from '../core/openstack/credentials.js';
import { ETCD_RESTORE_HELP } from './etcd-restore.js';
import { KUBECONFIG_HELP } from './kubeconfig.js';
import { OPERATION_FLAGS } from './flags.js';
import { INIT_HELP } from './init.js';

/** The CLI's help texts: the top-level usage and each command's, by name (the command table in args.ts uses them). */

/** The credential flags' help lines, from the table. */
const CREDENTIAL_HELP = CREDENTIAL_FIELDS.map(
  (spec) => `  ${`--${spec.flag}${spec.placeholder ? ` ${spec.placeholder}` : ''}`.padEnd(45)} ${spec.description}`,
).join('\n');

/** Where an operation command's help gets the shared options, filtered to the ones it takes (helpFor). */
const OPTIONS_PLACEHOLDER = '<options>';

const DEPLOY_OPTIONS_HELP = `Where the cluster is:
  --config FILE            openCenter cluster config (schema_version "2.0")
  --cluster-dir DIR        cluster directory (default <gitops.repository.local_dir>/infrastructure/clusters/<cluster>)
  --cluster NAME, --org ORG  names used for state without a config (default: the cluster dir's name, "standalone")
  --vip IP                 address replacing a loopback API server in the kubeconfig (default k8s_api_ip, else vrrp_ip)
  --method METHOD          deployment method: kubespray, none or cluster-api (default from config, else kubespray)
  --management-kubeconfig PATH  cluster-api: an existing management cluster (wins over deployment.cluster_api.management)
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
  --python PATH            the venv's interpreter (default deployment.kubespray.python, else the newest python3.X on PATH that Kubespray supports)
  --ssh-private-key-file F  the SSH key Ansible connects with (default deployment.kubespray.ssh_private_key_file)
  --ssh-user USER          the SSH user (default deployment.kubespray.ssh_user, else the inventory's ansible_user)
  --converge               run Kubespray and pip even when nothing changed since the last deploy
  --clusterctl PATH, --kind PATH  cluster-api tools (default deployment.cluster_api.clusterctl_path/kind_path, else from PATH)

Readiness:
  --timeout D              how long to wait for the API (default 30m; e.g. 45m, 1h30m)
  --interval D             longest pause between checks (default 5s; the first check is immediate)
  --nodes N                also wait until N nodes are Ready

Credentials (options win over OS_* variables, which win over clouds.yaml, which wins over the config):
${CREDENTIAL_HELP}
  --os-cloud NAME  --clouds-yaml FILE   (a cloud from clouds.yaml, as OS_CLOUD)
  Prefer OS_* variables for secrets: command-line arguments are visible to other local users.
  --skip-auth-check        don't authenticate against Keystone in preflight (air-gapped planning)
  --auth-timeout D         Keystone request timeout (default 10s)

Output:
  -q, --quiet              keep the tools' output (tofu, Kubespray, kubectl) off the console: it goes to the log file
                           (cluster-deploy logs); a failed step's last lines are still shown
  Colour only on a terminal, never with NO_COLOR set; the log file has a timestamp on each line and no colour.`;

/** The steps of each operation, for the help text. */
const OPERATION_STEPS_HELP = [
  ...OPERATIONS.map((op) => `  ${`${op}:`.padEnd(Math.max(9, op.length + 2))}${OPERATION_STEPS[op].join(', ')}`),
  'With deployment.method cluster-api:',
  ...OPERATIONS.filter((op) => CLUSTER_API_STEPS[op].length).map(
    (op) => `  ${`${op}:`.padEnd(9)}${CLUSTER_API_STEPS[op].join(', ')}`,
  ),
].join('\n');

export const USAGE = `cluster-deploy: deploy Kubernetes on OpenStack (OpenTofu + Kubespray) with resume and a readiness gate

Usage:
  cluster-deploy init     --name CLUSTER --org ORG [--runner hosted|self-hosted] [--dir REPO]   write a new cluster's config, OpenTofu code and workflows
  cluster-deploy plan     --config FILE [--operation OP] [options]   show what an operation would do; runs and writes nothing
  cluster-deploy deploy   --config FILE [options]   create or converge the cluster, resuming from saved state
  cluster-deploy upgrade  --config FILE [--kubernetes-version X.Y.Z] [options]   upgrade Kubernetes node by node
  cluster-deploy destroy  --config FILE --confirm CLUSTER [options]   delete the cluster's infrastructure
  cluster-deploy check    --config FILE [options]   report infrastructure drift and the cluster's health; changes nothing
  cluster-deploy replace-nodes --config FILE [options]   replace the nodes a plan would rebuild, resize or replace, one at a time
  cluster-deploy normalize-kubeconfig --cluster-dir DIR --vip IP [--kubeconfig PATH]
  cluster-deploy etcd-restore --config FILE --snapshot NAME|latest --broken-etcd HOSTS   Kubespray's etcd recovery from a kept snapshot
  cluster-deploy wait-ready --kubeconfig PATH [--timeout D] [--interval D] [--nodes N]
  cluster-deploy kubeconfig --repo OWNER/REPO --config FILE | --cluster NAME [--org ORG]   the kubeconfig from the deploy's newest trusted state artifact
  cluster-deploy status   --config FILE | --cluster NAME [--org ORG]   the last operation: each step, what a re-run does
  cluster-deploy list     [--state-dir DIR]   the clusters in the state directory, with their last operation and result
  cluster-deploy logs     --config FILE | --cluster NAME [--org ORG] [--run N] [--step ID]   a run's log (newest by default)
  cluster-deploy completion bash|zsh   a shell completion script (source <(cluster-deploy completion bash))
  cluster-deploy --version

Environment:
  CLUSTER_DEPLOY_CONFIG     the config when neither --config nor --cluster-dir is given
  CLUSTER_DEPLOY_STATE_DIR  the state directory when --state-dir is not given (else $XDG_STATE_HOME/cluster-deploy,
                            else ~/.local/state/cluster-deploy)
  NO_COLOR                  set (to anything) to turn colour off; colour is only used on a terminal

Operations and their steps:
${OPERATION_STEPS_HELP}

Exit codes: 0 success (check: no drift, healthy), 1 failure, 2 usage error, 3 check found drift or a health problem, 130 interrupted.

Run "cluster-deploy COMMAND --help" for a command's options.`;

const CLUSTER_CHOICE_HELP = `  --config FILE            the cluster of this openCenter config (default $CLUSTER_DEPLOY_CONFIG)
  --cluster NAME           or the cluster by name, without a config
  --org ORG                its organisation (default: the one that has a cluster of that name)
  --state-dir DIR          where the state is (default $CLUSTER_DEPLOY_STATE_DIR, else $XDG_STATE_HOME/cluster-deploy
                           or ~/.local/state/cluster-deploy)`;

export const HELP: Record<string, string> = {
  status: `Usage: cluster-deploy status (--config FILE | --cluster NAME [--org ORG]) [--state-dir DIR] [--json]

The cluster's last operation from its saved state, read-only and without credentials: each step's
result, start and duration, what running the operation again would do, and where the kubeconfig, the
newest run log and the state file are.
${CLUSTER_CHOICE_HELP}
  --kubeconfig PATH        the kubeconfig to report (default <state-dir>/<org>/<cluster>/kubeconfig, or the config's)
  --json                   print it as JSON`,
  list: `Usage: cluster-deploy list [--state-dir DIR] [--json]

The clusters in the state directory (each <org>/<cluster> with state or logs), with their last operation,
its result and when it was saved.
  --state-dir DIR          default $CLUSTER_DEPLOY_STATE_DIR, else $XDG_STATE_HOME/cluster-deploy or ~/.local/state/cluster-deploy
  --json                   print the list as JSON`,
  logs: `Usage: cluster-deploy logs (--config FILE | --cluster NAME [--org ORG]) [--state-dir DIR] [--run N|NAME] [--step ID]

Prints a run's log (redacted when it was written): the newest by default.
${CLUSTER_CHOICE_HELP}
  --run N|NAME             1 = the newest run, 2 = the one before, …; or a log file's name (deploy-2026-…)
  --step ID                only that step's part of the log`,
  completion: `Usage: cluster-deploy completion bash|zsh

Prints a completion script for the shell: commands, each command's flags, step ids and operations.
  bash: source <(cluster-deploy completion bash)    (or save it under ~/.local/share/bash-completion/completions/cluster-deploy)
  zsh:  source <(cluster-deploy completion zsh)     (after compinit; or save it as _cluster-deploy on your $fpath)`,
  init: INIT_HELP,
  'etcd-restore': ETCD_RESTORE_HELP,
  kubeconfig: KUBECONFIG_HELP,
  plan: `Usage: cluster-deploy plan --config FILE [--operation deploy|upgrade|destroy|check|replace-nodes] [options] [--json]

Lists the steps an operation (default deploy) would run under the current filters and saved state, one line
each: what it will do, or why it is skipped.
  --operation OP           deploy (default), upgrade (with --kubernetes-version), destroy (no --confirm needed to plan), check
                           or replace-nodes
  -v, --verbose            each step's working directory, command, reads, writes and environment (secret values
                           shown as <redacted>); with --tofu-plan, tofu's own plan text too
  --json                   print the plan as JSON
  --tofu-plan              when the operation would apply, also run tofu init and tofu plan (-destroy for destroy;
                           read-only on the cloud; needs the credentials) and show what would change and, for a
                           deploy, which nodes Kubespray would remove before the apply and install after it;
                           with deployment.method cluster-api: clusterctl generate cluster, then kubectl diff
                           --server-side against the management cluster (objects to create, change, delete)
  --plan-credential reader-only  with --tofu-plan: refuse, before tofu runs, a credential whose Keystone token
                           carries any role but reader (tofu plan runs the code it plans)
  --kubernetes-version V, --allow-unsafe-node-removal, --ignore-capacity
                           as for upgrade and deploy: plan what that operation would do with them

${OPTIONS_PLACEHOLDER}`,
  deploy: `Usage: cluster-deploy deploy --config FILE [options]

Plans, then applies exactly that plan. Nodes the plan deletes or replaces are drained and removed with
Kubespray's remove-node.yml before the apply; when the plan only adds workers, scale.yml installs just
them (after playbooks/facts.yml), else cluster.yml converges everything. State is saved before and after
every step, so running the same command again after a failure continues where it stopped.
SIGINT/SIGTERM interrupt the running step cleanly.
  --allow-unsafe-node-removal  apply a plan that removes half or more of the etcd members, every control
                           plane node or the first one (refused otherwise, before anything changes)
  --ignore-capacity        apply although the change exceeds the project's quotas (openstack-capacity
                           refuses it otherwise, before anything changes; marked OVERRIDDEN)
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
  upgrade: `Usage: cluster-deploy upgrade --config FILE [--kubernetes-version X.Y.Z] [options]

Upgrades Kubernetes with Kubespray's upgrade-cluster.yml: the control plane first, then the workers in
batches. Refuses a downgrade or a skipped minor version (go 1.33 → 1.34 → 1.35). Each run upgrades only
the nodes whose kubelet the API shows below the target, so a re-run after a failure never re-walks the
finished ones. Then the readiness gate, which also requires every node Ready at the target.
With deployment.method cluster-api: the KubeadmControlPlane and its new machine template are applied and
rolled out first, then the MachineDeployments'; --kubernetes-version is required and must be the config's
version, and deployment.cluster_api.openstack.image_name an image with kubeadm and kubelet at it.
  --kubernetes-version V   the target (default opencenter.cluster.kubernetes.version from the config;
                           required with cluster-api)
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
  destroy: `Usage: cluster-deploy destroy --config FILE --confirm CLUSTER [options]

Runs tofu plan -destroy and applies that plan, then deletes the kubeconfig and marks the resume state
destroyed, so the next deploy starts from nothing. An interrupted destroy resumes like a deploy.
  --confirm CLUSTER        required: the cluster's name (e.g. the config's cluster_name)
  --delete-leftovers       delete the load balancers and volumes still marked for the cluster after the
                           destroy (by default they are only listed)
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
  check: `Usage: cluster-deploy check --config FILE [options]

Reports, read-only: infrastructure drift (tofu plan -detailed-exitcode against the code; nothing is
applied) and the cluster's health: nodes in the inventory missing from the API, NotReady or unexpected
ones, kubelets not at opencenter.cluster.kubernetes.version, the API server certificate within
${CERTIFICATE_WARNING_DAYS} days of expiry, failing /readyz checks. What cannot be checked (no kubeconfig, the API
unreachable) is reported as unchecked. A check keeps no resume state: an unfinished deploy stays resumable.
Exit 0 when clean, 3 when it found drift or a health problem, 1 when it could not run (so after a
destroy: it says the cluster was destroyed, when and by which run).
  --json                   print the report as JSON on stdout
  --plan-credential reader-only  refuse, before tofu runs, a credential whose Keystone token carries any
                           role but reader

${OPTIONS_PLACEHOLDER}`,
  'replace-nodes': `Usage: cluster-deploy replace-nodes --config FILE [options]

For a plan that changes the image or the flavor of running nodes (OpenStack rebuilds or resizes such a
server in place, undrained, so a deploy refuses it), or replaces more of them under the same names than
a deploy takes at once (a boot volume, a server group policy, the image of a node booted from a volume:
one control-plane or etcd node, one worker batch): replaces those nodes one at a time, control-plane
and etcd nodes first, as Cluster API rolls machines out. Each node is drained and removed with
remove-node.yml, its server replaced by a tofu plan limited to it (refused if that plan changes anything
else), joined again (scale.yml; cluster.yml and upgrade-cluster.yml limited to etcd and the control plane
for those, as Kubespray's docs/operations/nodes.md says), and must be Ready before the next. Every phase
of every node is saved as it ends: run the same command again after a failure or a kill and it goes on
from there, never redoing a node. Refuses the first host of kube_control_plane or etcd, and an etcd member
of fewer than 3. The plan's other changes are left for the next deploy.
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
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

/** A command's help: the shared options section holds only the flags this command takes (`taken`). */
export function helpFor(text: string, taken: ReadonlySet<string>): string {
  if (!text.includes(OPTIONS_PLACEHOLDER)) return text;
  const known = new Set(OPERATION_FLAGS);
  const sections = DEPLOY_OPTIONS_HELP.split('\n\n').map((section) => {
    const [heading, ...lines] = section.split('\n');
    // A line is kept unless the first flag it names is one this command does not take.
    const kept = lines.filter((line) => {
      const first = [...line.matchAll(/--([\w-]+)/g)].map((m) => m[1]!).find((name) => known.has(name));
      return first === undefined || taken.has(first);
    });
    return kept.some((line) => /^\s+-/.test(line)) ? [heading, ...kept].join('\n') : undefined;
  });
  return text.replace(OPTIONS_PLACEHOLDER, sections.filter(Boolean).join('\n\n'));
}
