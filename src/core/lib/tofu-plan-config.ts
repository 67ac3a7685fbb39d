import { isMapping, type Mapping } from './mapping.js';
import { compareNames } from './name-order.js';

/**
 * The root module's configuration as `tofu show -json` records it in a plan: its variables' values, and
 * the modules it calls with their arguments. An argument shows as `expressions.<name>.constant_value`
 * when it is constant, else only as its `references` (checked with terraform 1.x): a root variable
 * passed as it is (`var.x`) is found through the value the plan records for it. Anything computed
 * (locals, functions, other resources) is not known here.
 */

/** A module argument the plan shows, and the root variable it came from, if any. */
export interface PlannedArgument {
  value: unknown;
  from?: string;
}

/** One call of a module from the root module. */
export interface PlannedModuleCall {
  name: string;
  /** Whether it has count or for_each: one call, any number of instances. */
  repeated: boolean;
  argument(name: string): PlannedArgument | undefined;
}

/** The value the plan records for a root variable, if it has one. */
export function plannedRootVariable(planJson: unknown, name: string): unknown {
  const variables = isMapping(planJson) && isMapping(planJson.variables) ? planJson.variables : {};
  const variable = variables[name];
  return isMapping(variable) ? variable.value : undefined;
}

/** The root module's module calls, by name. */
export function plannedModuleCalls(planJson: unknown): PlannedModuleCall[] {
  const configuration = isMapping(planJson) && isMapping(planJson.configuration) ? planJson.configuration : {};
  const root = isMapping(configuration.root_module) ? configuration.root_module : {};
  const calls = isMapping(root.module_calls) ? root.module_calls : {};
  return Object.entries(calls)
    .filter((entry): entry is [string, Mapping] => isMapping(entry[1]))
    .sort(([a], [b]) => compareNames(a, b))
    .map(([name, call]) => {
      const expressions = isMapping(call.expressions) ? call.expressions : {};
      return {
        name,
        repeated: 'count_expression' in call || 'for_each_expression' in call,
        argument: (argument: string) => {
          const expression = expressions[argument];
          if (!isMapping(expression)) return undefined;
          if ('constant_value' in expression) return { value: expression.constant_value };
          const references = Array.isArray(expression.references) ? expression.references.map(String) : [];
          const variable = references.length === 1 && /^var\.[\w-]+$/.test(references[0]!) ? references[0]! : undefined;
          const value = variable ? plannedRootVariable(planJson, variable.slice('var.'.length)) : undefined;
          return value === undefined ? undefined : { value, from: variable };
        },
      };
    });
}
