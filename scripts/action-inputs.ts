import { CREDENTIAL_FIELDS, type CredentialFieldSpec } from '../src/core/openstack/credentials.js';

/** An action input's description, from the credential table. */
export function credentialInputDescription(spec: CredentialFieldSpec): string {
  const what = `${spec.description[0]!.toUpperCase()}${spec.description.slice(1)}`;
  const values = spec.type === 'boolean' ? ' (true or false)' : '';
  const secret = spec.secret ? ' A secret: pass it from secrets.' : '';
  return `${what}${values}; overrides ${spec.env.join('/')}, clouds.yaml and the config.${secret}`;
}

/** The credential inputs as action.yml lines (scripts/sync-action-inputs.ts writes them). */
export function credentialInputsYaml(): string {
  return CREDENTIAL_FIELDS.map(
    (spec) =>
      `  ${spec.input}:\n    description: '${credentialInputDescription(spec).replace(/'/g, "''")}'\n    required: false\n`,
  ).join('');
}
