import { z } from 'zod';

/**
 * Why a Cluster API deploy makes no progress, from what real CAPO v0.14.7 leaves behind. Its commonest failures
 * set no condition at all: a flavor or image that does not exist, a cloud name missing from clouds.yaml and
 * credentials Keystone refuses end the reconcile with an error that only the manager's log shows ("Reconciler
 * error"); a wrong external network is a retried OpenStackError warning; Nova's own refusals are Warning Events.
 * This reads all three (Events, conditions, log lines naming the cluster's objects), and the faults Nova keeps for
 * servers CAPO found in ERROR (read by the caller, openstack/server-faults.ts), and names the config field to fix
 * where a message says which.
 */

/** What the deploy rendered into the template, to tell which field a message is about. */
export interface RenderedValues {
  namespace: string;
  cluster: string;
  controlPlaneFlavor?: string;
  nodeFlavor?: string;
  image?: string;
  cloud?: string;
  externalNetworkId?: string;
}

export interface Diagnosis {
  /** What CAPO said, one line each, most telling first (deduplicated). */
  evidence: string[];
  /** What Nova said of servers CAPO found in ERROR (their faults), one line each. */
  nova: string[];
  /** The config field(s) to fix and how, when a message says. */
  advice: string[];
}

const OPENSTACK = 'deployment.cluster_api.openstack';
const CREDENTIALS = 'opencenter.infrastructure.cloud.openstack';

/** Message patterns → the field to fix. Order matters: the first match of a message wins. */
function adviceFor(message: string, values: RenderedValues): string | undefined {
  if (message.startsWith('the CAPO manager does not start:') && message.includes('*v1alpha1.Image'))
    return "deployment.cluster_api.providers.orc: ORC's CRDs are missing on the management cluster, and CAPO's manager exits without them; apply ORC's install.yaml there (clusterctl-init does: run it again)";
  const flavor = /no flavors were found: (?:name=(\S+)|no name set)/.exec(message);
  if (flavor) {
    const name = flavor[1];
    const fields = [
      ...(name === undefined || name === values.controlPlaneFlavor
        ? [`${OPENSTACK}.control_plane_machine_flavor`]
        : []),
      ...(name === undefined || name === values.nodeFlavor ? [`${OPENSTACK}.node_machine_flavor`] : []),
    ];
    return `${fields.length > 0 ? fields.join(' / ') : `${OPENSTACK}.*_machine_flavor`}: flavor ${name ? `"${name}" ` : ''}does not exist in the project (openstack flavor list)`;
  }
  const image = /no images were found with the given image filter: name=([^,]*)/.exec(message);
  if (image)
    return `${OPENSTACK}.image_name: no image named "${image[1]}" (openstack image list); it must hold kubeadm at the cluster's Kubernetes version`;
  if (/too many images were found/.test(message))
    return `${OPENSTACK}.image_name: more than one image has this name; give a unique one`;
  if (/auth option failed for cloud|Missing input for argument \[auth_url\]|no cloud was specified/.test(message))
    return `${OPENSTACK}.cloud: "${values.cloud ?? ''}" is not a cloud in the credentials Secret's clouds.yaml (the deploy writes it under the cloud name this field gives: leave it at its default, openstack, unless the template expects another)`;
  if (/got 401|authentication err|requires authentication|Authentication failed|InvalidCredentials/i.test(message))
    return `${CREDENTIALS}: Keystone refused the credentials CAPO uses (application_credential_id/_secret or username/password, project, domains)`;
  if (/failed to (?:reconcile|get) external network|NetworkNotFound/.test(message))
    return `${OPENSTACK}.external_network_id: no external network "${values.externalNetworkId ?? ''}" (openstack network list --external)`;
  if (/Quota exceeded|QuotaExceeded|quota/i.test(message))
    return `the project's quota (openstack quota show): free resources or ask for more, or use smaller flavors (${OPENSTACK}.*_machine_flavor)`;
  // Nova's faults (nova/exception.py: NoValidHost, its MaxRetriesExceeded, FlavorDiskSmallerThanImage, ImageNotFound,
  // KeypairNotFound), read from the server itself when CAPO keeps none.
  if (/No valid host|Exceeded maximum number of retries/.test(message))
    return `Nova found no host for the server: a smaller flavor (${OPENSTACK}.*_machine_flavor), another ${OPENSTACK}.failure_domain, or capacity from the cloud's operators`;
  if (/Flavor's disk is too small for requested image/.test(message))
    return `${OPENSTACK}.*_machine_flavor: the flavor's root disk is smaller than the image (${OPENSTACK}.image_name); pick a flavor with a larger disk`;
  if (/Image \S+ could not be found/.test(message))
    return `${OPENSTACK}.image_name: Nova cannot find the image (openstack image list)`;
  if (/Keypair \S+ not found|Invalid key_name/.test(message))
    return `${OPENSTACK}.ssh_key_name: no such key pair for the credentials' user (openstack keypair list)`;
  if (/secrets? "[^"]*-cloud-config" not found/.test(message))
    return 'the credentials Secret is missing: run the deploy again (capi-cloud-credentials writes it)';
  return undefined;
}

const EventListSchema = z.object({
  items: z.array(
    z
      .object({
        type: z.string().optional(),
        reason: z.string().optional(),
        message: z.string().optional(),
        count: z.number().optional(),
        involvedObject: z.object({ kind: z.string().optional(), name: z.string().optional() }).loose().optional(),
      })
      .loose(),
  ),
});

const ObjectListSchema = z.object({
  items: z.array(
    z
      .object({
        kind: z.string().optional(),
        metadata: z.object({ name: z.string().optional() }).loose().optional(),
        status: z
          .object({
            conditions: z
              .array(
                z
                  .object({
                    type: z.string().optional(),
                    status: z.string().optional(),
                    reason: z.string().optional(),
                    message: z.string().optional(),
                  })
                  .loose(),
              )
              .optional(),
          })
          .loose()
          .optional(),
      })
      .loose(),
  ),
});

const belongs = (name: string | undefined, cluster: string) =>
  name !== undefined && (name === cluster || name.startsWith(`${cluster}-`));

/** Warning Events on the cluster's objects (`kubectl get events -n NS -o json`), newest last. */
function warningEvents(json: string, cluster: string): string[] {
  const parsed = EventListSchema.safeParse(safeJson(json));
  if (!parsed.success) return [];
  return parsed.data.items
    .filter((e) => e.type === 'Warning' && belongs(e.involvedObject?.name, cluster))
    .map(
      (e) =>
        `${e.involvedObject?.kind ?? 'object'} ${e.involvedObject?.name}: ${e.reason ?? ''}: ${e.message ?? ''}${(e.count ?? 1) > 1 ? ` (${e.count} times)` : ''}`,
    );
}

/** Conditions saying something is wrong (False with a message, an error reason) on the cluster's objects. */
function warningConditions(json: string, cluster: string): string[] {
  const parsed = ObjectListSchema.safeParse(safeJson(json));
  if (!parsed.success) return [];
  const found: string[] = [];
  for (const object of parsed.data.items) {
    if (!belongs(object.metadata?.name, cluster)) continue;
    for (const c of object.status?.conditions ?? [])
      if (c.status === 'False' && /Error|Failed/.test(c.reason ?? '') && c.message)
        found.push(`${object.kind} ${object.metadata?.name}: ${c.type} ${c.reason}: ${c.message}`);
  }
  return found;
}

/**
 * The manager's "Reconciler error" lines about the cluster's objects (klog text: `err="…"`, `namespace="NS"`,
 * `name="…"`), as `Kind name: error`.
 */
export function reconcileErrors(log: string, namespace: string, cluster: string): string[] {
  const found: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('"Reconciler error"')) continue;
    const field = (key: string) => {
      const match = new RegExp(`(?:^|\\s)${key}="((?:[^"\\\\]|\\\\.)*)"`).exec(line);
      return match ? (JSON.parse(`"${match[1]}"`) as string) : undefined;
    };
    if (field('namespace') !== namespace || !belongs(field('name'), cluster)) continue;
    found.push(`${field('controllerKind') ?? 'object'} ${field('name')}: ${field('err') ?? line}`);
  }
  return found;
}

const ErroredSchema = z.object({
  items: z.array(
    z
      .object({
        kind: z.string().optional(),
        metadata: z.object({ name: z.string().optional() }).loose().optional(),
        spec: z.object({ providerID: z.string().nullish() }).loose().optional(),
        status: z.object({ instanceState: z.string().nullish(), instanceID: z.string().nullish() }).loose().optional(),
      })
      .loose(),
  ),
});

export interface ErroredServer {
  /** The OpenStackServer's (and its OpenStackMachine's) name. */
  name: string;
  /** Nova's server id. */
  id: string;
}

/**
 * The Nova servers of the cluster that CAPO found in ERROR, by the OpenStackServer's `status.instanceID` (CAPO v0.14.7
 * `api/v1alpha1/openstackserver_types.go:133-135`, set at create, `controllers/openstackserver_controller.go:385`).
 * An OpenStackMachine in ERROR has its own `status.instanceID` and `spec.providerID` (`openstack://<region>/<id>`)
 * only once its server was ACTIVE (`controllers/openstackmachine_controller.go:439-440`), so its server is the
 * OpenStackServer of the same name (`getMachineServer`), else those two fields.
 */
export function erroredServers(json: string, cluster: string): ErroredServer[] {
  const parsed = ErroredSchema.safeParse(safeJson(json));
  if (!parsed.success) return [];
  const ours = parsed.data.items.filter((o) => belongs(o.metadata?.name, cluster));
  const serverIds = new Map(
    ours
      .filter((o) => o.kind === 'OpenStackServer' && o.status?.instanceID)
      .map((o) => [o.metadata?.name, o.status?.instanceID as string]),
  );
  const found = new Map<string, ErroredServer>();
  for (const object of ours) {
    if (object.status?.instanceState !== 'ERROR' || !object.metadata?.name) continue;
    if (object.kind !== 'OpenStackServer' && object.kind !== 'OpenStackMachine') continue;
    const name = object.metadata.name;
    const id =
      serverIds.get(name) ??
      object.status.instanceID ??
      (object.kind === 'OpenStackMachine'
        ? /^openstack:\/\/[^/]*\/(.+)$/.exec(object.spec?.providerID ?? '')?.[1]
        : undefined);
    if (id && !found.has(id)) found.set(id, { name, id });
  }
  return [...found.values()];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Evidence (log errors, warning Events, warning conditions; deduplicated) and the advice it supports. */
export function diagnose(
  values: RenderedValues,
  sources: { log?: string; eventsJson?: string; objectsJson?: string; nova?: string[] },
): Diagnosis {
  const byMessage = new Map<string, string>();
  const add = (line: string) => {
    // The same error on every retry (and on every machine of a deployment): keep one line per distinct message.
    const key = line.replace(/^\S+ \S+: /, '').replace(/ \(\d+ times\)$/, '');
    if (!byMessage.has(key)) byMessage.set(key, line);
  };
  for (const line of reconcileErrors(sources.log ?? '', values.namespace, values.cluster)) add(line);
  for (const line of warningEvents(sources.eventsJson ?? '', values.cluster)) add(line);
  for (const line of warningConditions(sources.objectsJson ?? '', values.cluster)) add(line);
  // The manager itself not starting for want of ORC's CRDs (CAPO v0.14.7 `main.go:310`,
  // `controllers/openstackserver_controller.go:204`): not a reconcile error of any object, so said on its own.
  const orcMissing = (sources.log ?? '')
    .split('\n')
    .find((line) => line.includes('problem running manager') && /Kind \*v1alpha1\.Image\b/.test(line));
  if (orcMissing) add(`the CAPO manager does not start: ${orcMissing.replace(/^.*?err="([^"]*)".*$/, '$1')}`);
  const evidence = [...byMessage.values()];
  const nova = sources.nova ?? [];
  const advice = [
    ...new Set([...nova, ...evidence].map((line) => adviceFor(line, values)).filter((a): a is string => !!a)),
  ];
  return { evidence, nova, advice };
}
