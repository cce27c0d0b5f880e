/**
 * A Mantine form validator that applies a shared zod schema loaded on the first validation
 * (no validation library in a screen's first load). The schema of packages/shared stays
 * the one rule of the field; only the moment its code arrives changes.
 */
import { type FormErrors, schemaResolver } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * `validate` for useForm: loads the schema with `load` (a dynamic import) on first use and keeps it.
 * Should the code not arrive (link down), the form is let through: the server checks the same rule.
 */
export function lazySchemaResolver(load: () => Promise<Schema>): (values: unknown) => Promise<FormErrors> {
  let resolver: Promise<(values: unknown) => Promise<FormErrors>> | undefined;
  return async (values) => {
    resolver ??= load().then((schema) => schemaResolver(schema));
    try {
      return await (await resolver)(values);
    } catch {
      resolver = undefined;
      return {};
    }
  };
}
