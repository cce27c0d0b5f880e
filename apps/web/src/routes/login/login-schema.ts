/**
 * The shared sign-in schema, alone in a module so the login screen can load it (and zod) on the
 * first submit instead of with the screen; a dynamic import of the whole shared barrel
 * would carry every schema.
 */
export { loginRequest } from '@selvedge/shared';
