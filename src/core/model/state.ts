import { promises as fs } from 'node:fs';
import { z } from 'zod';
import { formatIssues, UserError, errorMessage } from '../lib/errors.js';
import { type FileKind, readTextFile, writePrivateFile } from '../lib/files.js';
import type { NodeRoll, NodeWork } from './nodes.js';
import { OPERATIONS } from '../lib/option-values.js';
import { CapacityReportSchema } from '../openstack/capacity.js';

const STATE_VERSION = 1;

/** Resume state as lib/files.ts reads it: a few KiB in practice; anything near the limit is not ours. */
const RESUME_STATE_FILE: FileKind = { noun: 'resume state', plural: 'resume state files', maxBytes: 16 * 1024 * 1024 };

const StepStateSchema = z.object({
  status: z.enum(['running', 'success', 'failed']),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().optional(),
  durationMs: z.number().int().nonnegative().optional(),
  /** Redacted failure reason; "interrupted" when the run was cancelled. */
  error: z.string().optional(),
  /** A short, redacted result worth showing later ("server → https://10.2.128.5:6443"). */
  detail: z.string().optional(),
  /** Set when the step had nothing to do (Step.decide, redacted): it counts as done, without having run. */
  skipped: z.string().optional(),
  /** Redacted warnings the step raised (an overridden guard): shown again in summaries of later runs. */
  warnings: z.array(z.string()).max(50).optional(),
});

const NodeListSchema = z.array(z.string());

/** Node work a deploy's plan found (kubespray/node-changes.ts), kept until Kubespray has acted on it. */
const NodeWorkSchema = z.object({
  newCluster: z.boolean(),
  remove: NodeListSchema,
  create: NodeListSchema,
  otherChanges: z.boolean(),
  removeRoles: z.record(z.string(), z.array(z.enum(['control-plane', 'etcd', 'worker']))),
  unsafeOverride: z.string().optional(),
  /** Created nodes whose names the plan could not know (their resource addresses). */
  unnamed: NodeListSchema.optional(),
  empty: z.boolean().optional(),
  /** Nodes kubespray-remove-nodes has already removed, so a resumed run does not remove them twice. */
  removed: NodeListSchema.optional(),
});

// zod drops keys it does not know: a NodeWork field missing here would vanish on every save. Fails to compile if they differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const nodeWorkSchemaMatches: Same<Omit<z.infer<typeof NodeWorkSchema>, 'removed'>, NodeWork> = true;
void nodeWorkSchemaMatches;

const RoleSchema = z.enum(['control-plane', 'etcd', 'worker']);
/** replace-nodes: the nodes to replace one at a time and how far it got (steps/replace-nodes.ts). */
const NodeRollSchema = z.object({
  nodes: z.array(
    z.object({
      name: z.string(),
      address: z.string(),
      target: z.string(),
      roles: z.array(RoleSchema),
      changes: z.array(z.string()),
    }),
  ),
  done: NodeListSchema,
  current: z.object({ node: z.string(), phase: z.enum(['removed', 'replaced']) }).optional(),
});
const nodeRollSchemaMatches: Same<z.infer<typeof NodeRollSchema>, NodeRoll> = true;
void nodeRollSchemaMatches;

/**
 * Which management cluster holds the Cluster API objects. A kind cluster lives on one runner: if the
 * runner is gone before the pivot, so are the objects, and the next run must say so instead of
 * creating the cluster a second time. After the pivot the workload cluster manages itself.
 */
const ClusterApiStateSchema = z.object({
  management: z.enum(['existing', 'kind']),
  /** kind: the kind cluster's name, when and on which host it was created. */
  kindCluster: z.string().max(63).optional(),
  kindCreatedAt: z.iso.datetime().optional(),
  kindHost: z.string().max(255).optional(),
  /** Set when capi-pivot moved the objects into the workload cluster (self-managed from then on). */
  pivotedAt: z.iso.datetime().optional(),
});

export type ClusterApiState = z.infer<typeof ClusterApiStateSchema>;

/** How many attempts the timeline keeps: the oldest are dropped, so the state and the chart stay small. */
export const HISTORY_LIMIT = 20;
/** Step runs one attempt can hold: every step at most once, with room to spare. */
const ATTEMPT_STEPS_LIMIT = 64;

/** One step run in an attempt, for the timeline: only its id, times and outcome (no output, no errors). */
const TimelineStepSchema = z.object({
  id: z.string().min(1),
  startedAt: z.iso.datetime(),
  /** Absent while it runs (and so after a kill -9, its status then saying interrupted). */
  durationMs: z.number().int().nonnegative().optional(),
  status: z.enum(['success', 'failed', 'interrupted']),
});

/** One run of the engine that ran at least one step: a deploy and each of its resumes. */
const AttemptSchema = z.object({
  /** 1 for the run that started the history, counting on across resumes (dropped attempts keep their numbers). */
  number: z.number().int().positive(),
  startedAt: z.iso.datetime(),
  /** The CI run it was (GitHub Actions), when known. */
  run: z.object({ id: z.number().int(), attempt: z.number().int() }).optional(),
  /** A resumed attempt: the step it picked up at (the first one the last attempt had not finished, or the one asked for). */
  resumedAt: z.string().optional(),
  steps: z.array(TimelineStepSchema).max(ATTEMPT_STEPS_LIMIT),
});

const InstalledVersionsSchema = z.object({
  /** The Kubespray tag (v2.31.0). */
  kubespray: z.string().max(40).optional(),
  /** kube_version as Kubespray took it (1.34.2). */
  kubeVersion: z.string().max(40).optional(),
});

export type InstalledVersions = z.infer<typeof InstalledVersionsSchema>;

export const DeployStateSchema = z.object({
  version: z.literal(STATE_VERSION),
  /** `org/cluster`: a state file for another cluster is refused. */
  cluster: z.string().min(1),
  updatedAt: z.iso.datetime(),
  /** The CI run that saved it last (GitHub Actions), so a resume can say where it came from. */
  run: z.object({ id: z.number().int(), attempt: z.number().int(), url: z.string().optional() }).optional(),
  /** Set when every step succeeded: the next deploy then starts over instead of skipping. */
  completedAt: z.iso.datetime().optional(),
  /** What the run does; state files written before operations existed are deploys. */
  operation: z.enum(OPERATIONS).default('deploy'),
  /** Set when a destroy completed: the next deploy starts fresh and no kubeconfig is restored. */
  destroyedAt: z.iso.datetime().optional(),
  /** deploy: the node changes found by opentofu-plan, until kubespray-ansible-playbook has run. */
  nodeWork: NodeWorkSchema.optional(),
  /** replace-nodes: the nodes being replaced one at a time, until every one is done. */
  nodeRoll: NodeRollSchema.optional(),
  /** deploy: the SHA-256 of the plan file opentofu-plan checked; opentofu-apply applies no other. */
  planDigest: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** deploy: what openstack-capacity found (the quota table), for the summaries. */
  capacity: CapacityReportSchema.optional(),
  /** The etcd snapshot the last risky operation took first (etcd-snapshot): what `cluster-deploy etcd-restore` restores. */
  etcdSnapshot: z
    .object({ name: z.string().max(100), file: z.string().max(4096), takenAt: z.iso.datetime() })
    .optional(),
  /** upgrade: the target version, so a resumed upgrade keeps going to the same one. */
  upgradeTarget: z.string().optional(),
  /** upgrade: no node was at the target when it started, so every node goes through upgrade-cluster.yml with this Kubespray tree. */
  upgradeEveryNode: z.boolean().optional(),
  /**
   * The Kubespray release used (kubespray-fetch: the tag's commit, a tarball's digest) and the digest
   * of what its last cluster.yml depended on; kept across runs, so a moved tag is refused and a
   * re-deploy with nothing changed skips the playbook.
   */
  kubespray: z
    .object({
      version: z.string().max(40).optional(),
      commit: z
        .string()
        .regex(/^[0-9a-f]{40}$/)
        .optional(),
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      source: z.string().max(4096),
      runDigest: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      /** That run's inputs part by part (kubespray/digest.ts), so a changed digest is told by what changed. */
      runParts: z
        .object({
          kubespray: z.string().max(80),
          kubeVersion: z.string().max(40).optional(),
          extraVars: z.string().regex(/^[0-9a-f]{64}$/),
          credential: z
            .string()
            .regex(/^[0-9a-f]{64}$/)
            .optional(),
          files: z.string().regex(/^[0-9a-f]{64}$/),
        })
        .optional(),
    })
    .optional(),
  /**
   * Kubespray: the versions the cluster was last installed or upgraded with (a completed playbook run),
   * kept across runs: a deploy compares the config with them (kubespray/version-path.ts).
   */
  installed: InstalledVersionsSchema.optional(),
  /** deploy: an upgrade-cluster.yml path under way (a version or Kubespray change) and the nodes it has done, so a resume never redoes one. */
  versionChange: z
    .object({
      kubeVersion: z.string().max(40),
      kubespray: z.string().max(40).optional(),
      done: z.array(z.string().max(253)).max(10_000),
    })
    .optional(),
  /** deployment.method cluster-api: where the Cluster API objects live; kept across runs until a destroy completes. */
  clusterApi: ClusterApiStateSchema.optional(),
  /**
   * When a deploy first made the cluster's infrastructure (its apply succeeded); kept across runs until a
   * destroy completes, so a destroy that finds no tofu state knows there was one.
   */
  deployedAt: z.iso.datetime().optional(),
  steps: z.record(z.string(), StepStateSchema),
  /** The step timeline across attempts, oldest first, the last HISTORY_LIMIT; a completed run's next one starts a new one. */
  history: z
    .array(AttemptSchema)
    .transform((attempts) => attempts.slice(-HISTORY_LIMIT))
    .optional(),
});

export type StepState = z.infer<typeof StepStateSchema>;
export type TimelineStep = z.infer<typeof TimelineStepSchema>;
export type Attempt = z.infer<typeof AttemptSchema>;
export type DeployState = z.infer<typeof DeployStateSchema>;

export function emptyState(cluster: string, operation: DeployState['operation'] = 'deploy'): DeployState {
  return { version: STATE_VERSION, cluster, updatedAt: new Date().toISOString(), operation, steps: {} };
}

/** Validates a loaded state document; a corrupt or foreign file is refused, never half-used. */
export function parseState(text: string, source: string, cluster: string): DeployState {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    // A file of NULs (what a crash can leave on some filesystems) must not put raw NULs into the error line.
    const reason = errorMessage(error).replace(
      /[\0-\x1f\x7f]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    throw new UserError(`resume state ${source} is not valid JSON (${reason}); delete it or run with --restart`);
  }
  const version = doc && typeof doc === 'object' ? (doc as { version?: unknown }).version : undefined;
  if (typeof version === 'number' && Number.isInteger(version) && version > STATE_VERSION) {
    throw new UserError(
      `resume state ${source} has version ${version}, written by a newer cluster-deploy (this one reads version ${STATE_VERSION}); use that version, or delete it or run with --restart`,
    );
  }
  const result = DeployStateSchema.safeParse(doc);
  if (!result.success) {
    throw new UserError(
      `${formatIssues(`resume state ${source}`, result.error.issues)}\ndelete it or run with --restart`,
    );
  }
  if (result.data.cluster !== cluster) {
    throw new UserError(
      `resume state ${source} belongs to cluster ${result.data.cluster}, not ${cluster}; use another --state-dir or run with --restart`,
    );
  }
  return result.data;
}

/** Where resume state lives: a local directory now, workflow artifacts in GitHub Actions. */
export interface StateStore {
  /** Human description of the location, shown in logs ("/home/x/.local/state/…/state.json"). */
  readonly location: string;
  load(): Promise<DeployState | undefined>;
  save(state: DeployState): Promise<void>;
}

export class LocalStateStore implements StateStore {
  constructor(
    readonly file: string,
    private readonly cluster: string,
  ) {}

  get location(): string {
    return this.file;
  }

  async load(): Promise<DeployState | undefined> {
    // Nothing there (not even a dangling link, which the save replaces): no saved state.
    if (!(await fs.lstat(this.file).catch(() => undefined))) return undefined;
    // readTextFile: a FIFO in its place is refused, not read for ever; a directory, a loop, a huge file are named.
    const text = readTextFile(this.file, RESUME_STATE_FILE);
    return parseState(text, this.file, this.cluster);
  }

  async save(state: DeployState): Promise<void> {
    // writePrivateFile's errors name the file (a directory in its place, a full disk), where a raw errno was a stack trace.
    await writePrivateFile(this.file, `${JSON.stringify(DeployStateSchema.parse(state), null, 2)}\n`, 'resume state');
  }
}

/**
 * Whether a saved state says the cluster's infrastructure exists: a deploy applied it (deployedAt, or,
 * in a state written before that was kept, a deploy that applied or an upgrade) and no destroy has completed.
 */
export function recordsDeployedCluster(state: DeployState | undefined): boolean {
  if (!state || state.destroyedAt) return false;
  if (state.deployedAt) return true;
  if (state.operation === 'upgrade' || state.operation === 'replace-nodes') return true;
  return state.operation === 'deploy' && (!!state.completedAt || state.steps['opentofu-apply']?.status === 'success');
}

/**
 * The state as saved: its free text (step errors, details, warnings, an override's reason) redacted.
 * Not its structure: a short secret (a password "demo", a token "x") masked in the cluster's name or a
 * timestamp would make the state another cluster's, or invalid, and the next run refuse it.
 */
export function redactState(state: DeployState, redact: (text: string) => string): DeployState {
  const text = (value: string | undefined) => (value === undefined ? undefined : redact(value));
  const steps = Object.fromEntries(
    Object.entries(state.steps).map(([id, step]) => [
      id,
      {
        ...step,
        ...(step.error !== undefined && { error: text(step.error) }),
        ...(step.detail !== undefined && { detail: text(step.detail) }),
        ...(step.warnings && { warnings: step.warnings.map(redact) }),
      },
    ]),
  );
  const nodeWork = state.nodeWork && {
    ...state.nodeWork,
    ...(state.nodeWork.unsafeOverride !== undefined && { unsafeOverride: text(state.nodeWork.unsafeOverride) }),
  };
  const nodeRoll = state.nodeRoll && {
    ...state.nodeRoll,
    nodes: state.nodeRoll.nodes.map((node) => ({ ...node, changes: node.changes.map(redact) })),
  };
  return { ...state, steps, ...(nodeWork && { nodeWork }), ...(nodeRoll && { nodeRoll }) };
}
