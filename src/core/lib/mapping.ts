/** A parsed JSON or YAML object (not an array, not null): what a tool's answer or a file holds before a schema says more. */
export type Mapping = Record<string, unknown>;

export const isMapping = (value: unknown): value is Mapping =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
