/**
 * Roles of the portal (spec/ordering.md §6, spec/master-data.md §3 User).
 * The role travels in the access token and decides route access, capabilities and visibility.
 */
export const ROLES = [
  'ADMIN',
  'ACCOUNT',
  'CSR',
  'FACTORY_ACCOUNT',
  'FINANCE',
  'VENDOR',
  'CUSTOMER',
  'NONE',
] as const;
export type Role = (typeof ROLES)[number];

/** The seven roles that may sign in and use the portal; NONE is a placeholder without access. */
export const SIGNED_IN_ROLES = [
  'ADMIN',
  'ACCOUNT',
  'CSR',
  'FACTORY_ACCOUNT',
  'FINANCE',
  'VENDOR',
  'CUSTOMER',
] as const satisfies readonly Role[];

/** How each role is named on screen (FACTORY_ACCOUNT is shown as Regional Supervisor). */
export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  ACCOUNT: 'Account',
  CSR: 'CSR',
  FACTORY_ACCOUNT: 'Regional Supervisor',
  FINANCE: 'Finance',
  VENDOR: 'Vendor',
  CUSTOMER: 'Customer',
  NONE: '---',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
