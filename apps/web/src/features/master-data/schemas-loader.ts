/**
 * The shared body schemas of the master-data forms arrive with the first save (issue 9: zod is not
 * in a screen's first load): each entity configuration names its schema through `lazySchema`.
 */
import type { schemaResolver } from '@mantine/form';

/** A schema as Mantine's schemaResolver takes it (a zod schema of packages/shared). */
export type FormSchema = Parameters<typeof schemaResolver>[0];
/** Loads one shared zod schema (a dynamic import of ./schemas). */
export type LazySchema = () => Promise<FormSchema>;

type SchemaModule = typeof import('./schemas');

/** The schema `name` of ./schemas, loaded when first asked for. */
export const lazySchema =
  (name: keyof SchemaModule): LazySchema =>
  () =>
    import('./schemas').then((m) => m[name] as FormSchema);
