/**
 * The shared schemas of the master-data forms, alone in a module so that zod loads with the first
 * save instead of with the screen (see schemas-loader.ts; a dynamic import of the whole shared
 * barrel would carry every schema).
 */
import { installErrorMap } from '@selvedge/shared';

export { MASTER_DATA_SCHEMAS } from '@selvedge/shared';

// The field-naming error sentences (decision 0038), called here since the build drops packages/shared's
// own module-level call (it is marked free of side effects).
installErrorMap();
