import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for terraform-provider-openstack (and hashicorp/local), so the real terraform can plan
 * and apply the shipped module with no provider download and no cloud: every `openstack_*` and
 * `local_file` resource or data source becomes a built-in `terraform_data` whose output holds its
 * arguments plus the attributes the provider computes (the provider's docs/resources/*.md:
 * `id`; a port's `all_fixed_ips`; a load balancer's `vip_address` and `vip_port_id`; a floating
 * IP's `address`; an existing subnet's `cidr`). Everything else stays as written: variables, their
 * validations, locals, module calls, count/for_each, preconditions, outputs. References
 * `openstack_x.y[i].attr` become `terraform_data.openstack_x__y[i].output.attr`. Dynamic blocks are
 * left out of the output (the module reads nothing back from them). The argument names themselves
 * are checked against the provider's documentation by test/modules/openstack-cluster.test.ts.
 */

interface Item {
  kind: 'attribute' | 'block';
  name: string;
  /** attribute: the expression; block: the labels' source and the body. */
  expression?: string;
  labels?: string[];
  body?: string;
}

/** Index just past the expression or body starting at i, honouring strings, ${…} and brackets. */
function scan(text: string, i: number, stopAtNewline: boolean): number {
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      i++;
      let interpolation = 0;
      while (i < text.length) {
        if (text[i] === '\\') i += 2;
        else if (text[i] === '$' && text[i + 1] === '{') {
          interpolation++;
          i += 2;
        } else if (text[i] === '}' && interpolation > 0) {
          interpolation--;
          i++;
        } else if (text[i] === '"' && interpolation === 0) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth < 0) return i;
      if (depth === 0 && !stopAtNewline) return i + 1;
    } else if (c === '\n' && depth === 0 && stopAtNewline) return i;
    i++;
  }
  return i;
}

/** The attributes and blocks of a body (the text between a block's braces). */
function items(body: string): Item[] {
  const out: Item[] = [];
  let i = 0;
  while (i < body.length) {
    const rest = body.slice(i);
    const skip = /^(\s+|#[^\n]*|\/\/[^\n]*)/.exec(rest);
    if (skip) {
      i += skip[0].length;
      continue;
    }
    const head = /^([A-Za-z_][\w-]*)\s*/.exec(rest);
    if (!head) throw new Error(`stand-in: cannot read ${JSON.stringify(rest.slice(0, 40))}`);
    const name = head[1]!;
    i += head[0].length;
    if (body[i] === '=' && body[i + 1] !== '=') {
      const end = scan(body, i + 1, true);
      out.push({ kind: 'attribute', name, expression: body.slice(i + 1, end).trim() });
      i = end;
      continue;
    }
    const labels: string[] = [];
    for (let m = /^"([^"]*)"\s*/.exec(body.slice(i)); m; m = /^"([^"]*)"\s*/.exec(body.slice(i))) {
      labels.push(m[1]!);
      i += m[0].length;
    }
    if (body[i] !== '{') throw new Error(`stand-in: expected a block body after ${name}`);
    const end = scan(body, i, false);
    out.push({ kind: 'block', name, labels, body: body.slice(i + 1, end - 1) });
    i = end;
  }
  return out;
}

const STANDS_IN = /^(openstack_[a-z0-9_]+|local_file)$/;
const standInName = (data: boolean, type: string, name: string) => `${data ? 'data__' : ''}${type}__${name}`;

/** Attributes the provider computes at apply (unknown in a plan): read from the stand-in's output. */
const COMPUTED: Record<string, string[]> = {
  openstack_networking_port_v2: ['all_fixed_ips'],
  openstack_lb_loadbalancer_v2: ['vip_address', 'vip_port_id'],
  openstack_networking_floatingip_v2: ['address'],
};

/**
 * References to stand-in resources, rewritten to the terraform_data holding them: whole objects in
 * depends_on; a resource's arguments from its `input` (known when planned, as the provider's
 * configured arguments are), its computed attributes and id from its `output` (known after apply);
 * a data source's everything from `input` (read while planning).
 */
function rewrite(expression: string, attributeAccess = true): string {
  if (attributeAccess && /depends_on\s*=/.test(expression))
    return expression
      .split(/(depends_on\s*=\s*\[[^\]]*\])/)
      .map((part, i) => (i % 2 ? rewrite(part, false) : rewrite(part)))
      .join('');
  return expression.replace(
    /\b(data\.)?(openstack_[a-z0-9_]+|local_file)\.([a-z0-9_]+)((?:\[[^\]]*\])?)(\.[a-z_]+)?/g,
    (_, data: string | undefined, type: string, name: string, index: string, attribute: string | undefined) => {
      const object = `terraform_data.${standInName(Boolean(data), type, name)}${index}`;
      if (!attributeAccess || !attribute) return `${object}${attribute ?? ''}`;
      const known = data || !(attribute === '.id' || COMPUTED[type]?.includes(attribute.slice(1)));
      return `${object}.${known ? 'input' : 'output'}${attribute}`;
    },
  );
}

/** Fake addresses, derived from a stable string so that each object gets its own. */
const address = (prefix: string, seed: string) =>
  `"${prefix}.\${parseint(substr(sha1(${seed}), 0, 2), 16)}.\${parseint(substr(sha1(${seed}), 2, 2), 16)}"`;

/** What the provider computes for the type (docs/resources/<type>.md "Attributes Reference"). */
function computed(data: boolean, type: string, attributes: Map<string, string>, blocks: Item[]): string[] {
  const out = [data ? `id = "${type}"` : 'id = uuid()'];
  const name = attributes.get('name') ?? '"unnamed"';
  if (type === 'openstack_networking_port_v2') {
    const fixed = blocks.find((b) => b.name === 'fixed_ip');
    const given = fixed ? items(fixed.body!).find((a) => a.name === 'ip_address') : undefined;
    const fake = address('10.2', name);
    out.push(`all_fixed_ips = [${given ? `coalesce(${rewrite(given.expression!)}, ${fake})` : fake}]`);
  }
  if (type === 'openstack_lb_loadbalancer_v2') {
    const given = attributes.get('vip_address');
    const fake = address('10.2', name);
    out.push(
      `vip_address = ${given ? `coalesce(${rewrite(given)}, ${fake})` : fake}`,
      `vip_port_id = "vip-port-\${${name}}"`,
    );
  }
  if (type === 'openstack_networking_floatingip_v2')
    out.push(`address = ${address('198.18', rewrite(attributes.get('port_id') ?? '"none"'))}`);
  if (data && type === 'openstack_networking_subnet_v2') out.push('cidr = "10.20.0.0/24"');
  return out;
}

function standInBlock(block: Item): string {
  const data = block.name === 'data';
  const [type, name] = block.labels!;
  const body = items(block.body!);
  const meta: string[] = [];
  const args = new Map<string, string>();
  const nested: Item[] = [];
  const kept: string[] = [];
  for (const item of body) {
    if (item.kind === 'attribute') {
      if (item.name === 'depends_on') meta.push(`depends_on = ${rewrite(item.expression!, false)}`);
      else if (['count', 'for_each', 'provider'].includes(item.name))
        meta.push(`${item.name} = ${rewrite(item.expression!)}`);
      else args.set(item.name, item.expression!);
    } else if (item.name === 'lifecycle') kept.push(`lifecycle {${rewrite(item.body!)}}`);
    else if (!['dynamic', 'connection', 'provisioner'].includes(item.name)) nested.push(item);
  }
  const fields = [
    // An argument the provider also computes (a load balancer's vip_address) is the computed one's input.
    ...[...args].filter(([k]) => !COMPUTED[type!]?.includes(k)).map(([k, v]) => `${k} = ${rewrite(v)}`),
    // Nested blocks as lists of objects of their attributes (the module reads none back).
    ...[...new Set(nested.map((b) => b.name))].map(
      (blockType) =>
        `${blockType} = [${nested
          .filter((b) => b.name === blockType)
          .map(
            (b) =>
              `{ ${items(b.body!)
                .filter((a) => a.kind === 'attribute')
                .map((a) => `${a.name} = ${rewrite(a.expression!)}`)
                .join(', ')} }`,
          )
          .join(', ')}]`,
    ),
    ...computed(data, type!, args, nested),
  ];
  return [
    `resource "terraform_data" "${standInName(data, type!, name!)}" {`,
    ...meta.map((m) => `  ${m}`),
    '  input = {',
    ...fields.map((f) => `    ${f}`),
    '  }',
    ...kept.map((k) => `  ${k}`),
    '}',
  ].join('\n');
}

/** One .tf file with its provider resources replaced; the terraform block loses required_providers. */
export function standInFile(text: string): string {
  const out: string[] = [];
  for (const item of items(text)) {
    if (item.kind === 'attribute') throw new Error(`stand-in: top-level attribute ${item.name}`);
    const [type] = item.labels ?? [];
    if ((item.name === 'resource' || item.name === 'data') && type && STANDS_IN.test(type))
      out.push(standInBlock(item));
    else if (item.name === 'terraform') out.push('terraform {}');
    else
      out.push(`${item.name} ${(item.labels ?? []).map((l) => JSON.stringify(l)).join(' ')} {${rewrite(item.body!)}}`);
  }
  return `${out.join('\n\n')}\n`;
}

/** Copies a module tree (its .tf files through the stand-in, templates as they are) to target. */
export function standInModule(source: string, target: string): void {
  for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' })) {
    const from = path.join(source, file);
    const to = path.join(target, file);
    if (!/\.(tf|tftpl)$/.test(file)) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    const text = readFileSync(from, 'utf8');
    writeFileSync(to, file.endsWith('.tf') ? standInFile(text) : text);
  }
}
