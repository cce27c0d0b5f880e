/**
 * The shared body schemas of the master-data forms arrive with the first save (zod is not
 * in a screen's first load): each entity's form validates with its kind's create body
 * (MASTER_DATA_SCHEMAS of packages/shared), loaded through `lazySchema`.
 */
import type { schemaResolver } from '@mantine/form';
import type { MasterDataKind } from '@selvedge/shared';

/** A schema as Mantine's schemaResolver takes it (a zod schema of packages/shared). */
export type FormSchema = Parameters<typeof schemaResolver>[0];
/** Loads one shared zod schema (a dynamic import of ./schemas). */
export type LazySchema = () => Promise<FormSchema>;

/** The `body` schema (create or update) of `kind`, loaded when first asked for. */
export const lazySchema =
  (kind: MasterDataKind, body: 'create' | 'update' = 'create'): LazySchema =>
  () =>
    import('./schemas').then((m) => m.MASTER_DATA_SCHEMAS[kind][body]);
