/**
 * The shared schemas of the master-data forms, alone in a module so that zod loads with the first
 * save instead of with the screen (see schemas-loader.ts; a dynamic import of the whole shared
 * barrel would carry every schema).
 */
export { MASTER_DATA_SCHEMAS } from '@selvedge/shared';
