// Builds test/data/openstack-provider-<version>.json: the resources, data sources, arguments, nested
// blocks and attributes that terraform-provider-openstack documents (docs/resources/*.md,
// docs/data-sources/*.md) at a release tag, and what it marks deprecated. Our own table of facts,
// read from the provider's documentation; test/modules/openstack-cluster.test.ts checks the module
// against it. Run after changing the pinned provider version:
//   node scripts/reference-data/provider-docs.mjs <git dir of terraform-provider-openstack> v3.4.0
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [gitDir, tag] = process.argv.slice(2);
if (!gitDir || !/^v\d+\.\d+\.\d+$/.test(tag ?? '')) {
  console.error('usage: node scripts/reference-data/provider-docs.mjs <git dir> vX.Y.Z');
  process.exit(2);
}
const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const commit = git('rev-parse', `${tag}^{commit}`).trim();

/** `* `name` - (Optional) text...` items of one section, with the text up to the next item. */
function items(lines) {
  const out = [];
  for (const line of lines) {
    const m = /^\* `([a-z0-9_/]+)`\s*[-:]?\s*(.*)$/.exec(line);
    if (m) out.push({ name: m[1], text: m[2] });
    else if (out.length && line.trim() !== '') out.at(-1).text += ` ${line.trim()}`;
  }
  return out;
}

function parseDoc(text) {
  const lines = text.split('\n');
  const deprecatedPage =
    /subcategory:\s*"Deprecated"/.test(text) || /This (resource|data source) is deprecated/i.test(text);
  const section = (title) => {
    const start = lines.findIndex((l) => new RegExp(`^## ${title}`).test(l));
    if (start < 0) return [];
    const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
    return lines.slice(start + 1, end < 0 ? undefined : end);
  };
  const argLines = section('Argument Reference');
  // Top-level arguments come before the first "The `x` block supports:" line; nested blocks after.
  const arguments_ = {};
  const blocks = {};
  let current = arguments_;
  let chunk = [];
  const flush = () => {
    for (const item of items(chunk))
      current[item.name] = { deprecated: /\(Deprecated\)|\bdeprecated\b/i.test(item.text) };
    chunk = [];
  };
  for (const line of argLines) {
    const block = /^(?:The|Each) `([a-z0-9_]+)` (?:block|object)?[^:]*(?:supports|has|contains)[^:]*:/.exec(line);
    if (block) {
      flush();
      blocks[block[1]] ??= {};
      current = blocks[block[1]];
      continue;
    }
    chunk.push(line);
  }
  flush();
  const attributes = items(section('Attributes Reference'))
    .map((i) => i.name)
    .filter((n) => !n.includes('/'));
  return { deprecated: deprecatedPage, arguments: arguments_, blocks, attributes: [...new Set(attributes)].sort() };
}

const table = {
  provider: 'terraform-provider-openstack/openstack',
  version: tag.slice(1),
  commit,
  source: 'docs/resources/*.md and docs/data-sources/*.md at the tag',
  resources: {},
  data_sources: {},
};
for (const [kind, dir] of [
  ['resources', 'docs/resources'],
  ['data_sources', 'docs/data-sources'],
]) {
  for (const file of git('ls-tree', '--name-only', `${commit}:${dir}`)
    .split('\n')
    .filter((f) => f.endsWith('.md'))) {
    table[kind][`openstack_${file.replace(/\.md$/, '')}`] = parseDoc(git('show', `${commit}:${dir}/${file}`));
  }
}
const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test',
  'data',
  `openstack-provider-${tag.slice(1)}.json`,
);
writeFileSync(out, `${JSON.stringify(table, null, 1)}\n`);
console.log(
  `${out}: ${Object.keys(table.resources).length} resources, ${Object.keys(table.data_sources).length} data sources`,
);
