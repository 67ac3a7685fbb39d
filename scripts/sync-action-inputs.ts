// Rewrites the credential inputs of every action.yml that takes credentials from the one credential
// table (src/core/openstack/credentials.ts). Run with `npx tsx scripts/sync-action-inputs.ts` after changing
// the table; test/github/action-inputs.test.ts fails while an action.yml disagrees with it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { credentialInputsYaml } from './action-inputs.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const files = [
  'action.yml',
  ...['preflight', 'tofu', 'kubespray'].map((name) => path.join('actions', name, 'action.yml')),
];
for (const file of files) {
  const full = path.join(root, file);
  const lines = readFileSync(full, 'utf8').split('\n');
  // The block runs from the first openstack-* input to the line before the next input that is not one.
  const isInput = (line: string) => /^ {2}[a-z][a-z0-9-]*:\s*$/.test(line);
  const start = lines.findIndex((line) => /^ {2}openstack-[a-z-]+:\s*$/.test(line));
  if (start < 0) throw new Error(`${file}: no openstack-* inputs to replace`);
  let end = start + 1;
  while (
    end < lines.length &&
    !(isInput(lines[end]!) && !lines[end]!.startsWith('  openstack-')) &&
    !/^\S/.test(lines[end]!)
  )
    end++;
  lines.splice(start, end - start, ...credentialInputsYaml().trimEnd().split('\n'));
  writeFileSync(full, lines.join('\n'));
  console.log(`${file}: credential inputs written`);
}
