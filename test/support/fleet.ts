import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * A GitOps repository of many clusters, generated: `clusters/<name>.yaml` configs (local_dir `..`,
 * so each cluster's directory is `infrastructure/clusters/<name>`), each with a `main.tf`, and
 * shared modules under `modules/`. `uses` says which modules a cluster's main.tf calls; modules
 * call each other as `moduleUses` says.
 */
export interface FleetSpec {
  clusters: number;
  /** Cluster i (0-based) → the modules its main.tf calls. */
  uses?: (i: number) => string[];
  /** Module → the modules it calls. */
  moduleUses?: Record<string, string[]>;
  organization?: string;
}

export const clusterName = (i: number): string => `c${String(i + 1).padStart(4, '0')}`;

export function clusterConfig(name: string, organization: string): string {
  return [
    'schema_version: "2.0"',
    'opencenter:',
    '  meta:',
    `    name: ${name}`,
    `    organization: ${organization}`,
    '  infrastructure:',
    '    provider: openstack',
    '    k8s_api_ip: 10.0.0.10',
    '  gitops:',
    '    repository:',
    '      local_dir: ..',
    '',
  ].join('\n');
}

/** A main.tf that calls these modules (from infrastructure/clusters/<name>) among ordinary resources. */
export function moduleCalls(modules: string[], prefix: string): string {
  const calls = modules.map(
    (m) =>
      `module "${m.replace(/\W/g, '_')}" {\n  source = "${prefix}modules/${m}"\n  name   = var.name\n  tags   = { owner = "team-\${var.name}" }\n}\n`,
  );
  return [
    'variable "name" {\n  type    = string\n  default = "x"\n}\n',
    ...calls,
    'resource "terraform_data" "marker" {\n  input = <<-EOT\n    module "not_a_call" { source = "../../modules/never" }\n  EOT\n}\n',
  ].join('\n');
}

export async function writeFleet(root: string, spec: FleetSpec): Promise<string[]> {
  const organization = spec.organization ?? 'acme';
  const modules = new Set<string>([
    ...Object.keys(spec.moduleUses ?? {}),
    ...Object.values(spec.moduleUses ?? {}).flat(),
  ]);
  const names: string[] = [];
  await fs.mkdir(path.join(root, 'clusters'), { recursive: true });
  for (let i = 0; i < spec.clusters; i++) {
    const name = clusterName(i);
    names.push(name);
    const uses = spec.uses?.(i) ?? [];
    for (const m of uses) modules.add(m);
    const dir = path.join(root, 'infrastructure', 'clusters', name);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(root, 'clusters', `${name}.yaml`), clusterConfig(name, organization));
    await fs.writeFile(path.join(dir, 'main.tf'), moduleCalls(uses, '../../../'));
    await fs.writeFile(path.join(dir, 'terraform.tfvars'), `name = "${name}"\n`);
  }
  for (const m of modules) {
    const dir = path.join(root, 'modules', m);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'main.tf'), moduleCalls(spec.moduleUses?.[m] ?? [], '../../'));
    await fs.writeFile(
      path.join(dir, 'variables.tf'),
      'variable "tags" {\n  type    = map(string)\n  default = {}\n}\n',
    );
  }
  return names;
}
