/**
 * Users (master-data §2 Users, §3 User, §4): filter by role ('---' for none), email, name and active;
 * the details with role (VENDOR by default), Active/Inactive, mail Enabled/Disabled, the per-user
 * permissions Update Inventory and Restock (ordering §6, both off for a new user), the last login,
 * and the customers, vendors, factories and regions that scope what the user sees. In view mode a
 * button mails the user a password reset link ('Password Reset Sent').
 */
import { Input, Stack, Text } from '@mantine/core';
import { LABELS, MESSAGES, ROLE_LABELS, USER_ROLE_OPTIONS } from '@selvedge/shared';
import { displayDateTime } from '../../orders/format';
import { defineEntity } from '../entity-config';
import {
  refsBody,
  staticOptions,
  useCustomerOptions,
  useFactoryOptions,
  useRegionOptions,
  useVendorOptions,
} from '../options';
import { PasswordResetButton } from '../PasswordResetButton';

type UserRole = (typeof USER_ROLE_OPTIONS)[number];

interface UserValues {
  contactName: string;
  email: string;
  telephone: string;
  role: string;
  active: boolean;
  emailEnabled: boolean;
  canUpdateInventory: boolean;
  canRestock: boolean;
  lastLogin: string | null;
  customers: string[];
  vendors: string[];
  factories: string[];
  regions: string[];
}

const ROLE_OPTIONS = USER_ROLE_OPTIONS.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const ids = (refs: { id: number }[]) => refs.map((r) => String(r.id));

export const users = defineEntity<'users', UserValues>({
  kind: 'users',
  testId: 'user',
  countLine: LABELS.showingUsers,
  filters: [
    { name: 'role', label: 'Role', type: 'select', useOptions: staticOptions(ROLE_OPTIONS) },
    { name: 'email', label: 'Email', type: 'text' },
    { name: 'name', label: 'Name', type: 'text' },
    {
      name: 'active',
      label: 'Active',
      type: 'select',
      noEmpty: true,
      initial: 'true',
      useOptions: staticOptions([
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Inactive' },
      ]),
    },
  ],
  columns: [
    { header: 'Name', value: (u) => u.contactName },
    { header: 'Email', value: (u) => u.email },
    { header: 'Role', value: (u) => ROLE_LABELS[u.role] },
    { header: 'Status', value: (u) => (u.active ? 'Active' : 'Inactive'), width: 110 },
    { header: 'Last Login', value: (u) => (u.lastLogin ? displayDateTime(u.lastLogin) : null), width: 170 },
  ],
  fields: [
    { name: 'contactName', label: 'Name', type: 'text', required: true, maxLength: 255 },
    { name: 'email', label: 'Email', type: 'email', required: true, maxLength: 320 },
    { name: 'telephone', label: 'Telephone', type: 'tel', maxLength: 50 },
    { name: 'role', label: 'Role', type: 'select', useOptions: staticOptions(ROLE_OPTIONS) },
    { name: 'active', label: 'Active', type: 'boolean', trueLabel: 'Active', falseLabel: 'Inactive' },
    {
      name: 'emailEnabled',
      label: 'Email Notifications',
      type: 'boolean',
      trueLabel: 'Enabled',
      falseLabel: 'Disabled',
    },
    {
      name: 'canUpdateInventory',
      label: 'Update Inventory',
      type: 'boolean',
      trueLabel: 'Allowed',
      falseLabel: 'Not allowed',
    },
    {
      name: 'canRestock',
      label: 'Restock',
      type: 'boolean',
      trueLabel: 'Allowed',
      falseLabel: 'Not allowed',
    },
    {
      name: 'lastLogin',
      label: 'Last Login',
      type: 'custom',
      render: ({ values }) => (
        <Stack gap={4}>
          <Input.Label labelElement="div">Last Login</Input.Label>
          <Text size="sm" data-testid="user-last-login">
            {displayDateTime(values.lastLogin)}
          </Text>
        </Stack>
      ),
    },
    { name: 'customers', label: 'Customers', type: 'checklist', useOptions: useCustomerOptions },
    { name: 'vendors', label: 'Vendors', type: 'checklist', useOptions: useVendorOptions },
    { name: 'factories', label: 'Factories', type: 'checklist', useOptions: useFactoryOptions },
    { name: 'regions', label: 'Regions', type: 'checklist', useOptions: useRegionOptions },
  ],
  empty: {
    contactName: '',
    email: '',
    telephone: '',
    role: 'VENDOR',
    active: true,
    emailEnabled: true,
    canUpdateInventory: false,
    canRestock: false,
    lastLogin: null,
    customers: [],
    vendors: [],
    factories: [],
    regions: [],
  },
  toValues: (u): UserValues => ({
    contactName: u.contactName,
    email: u.email,
    telephone: u.telephone ?? '',
    role: u.role,
    active: u.active,
    emailEnabled: u.emailEnabled,
    canUpdateInventory: u.canUpdateInventory,
    canRestock: u.canRestock,
    lastLogin: u.lastLogin,
    customers: ids(u.customers),
    vendors: ids(u.vendors),
    factories: ids(u.factories),
    regions: ids(u.regions),
  }),
  toBody: (v: UserValues) => ({
    contactName: v.contactName,
    email: v.email,
    telephone: v.telephone,
    role: (v.role || 'VENDOR') as UserRole,
    active: v.active,
    emailEnabled: v.emailEnabled,
    canUpdateInventory: v.canUpdateInventory,
    canRestock: v.canRestock,
    customers: refsBody(v.customers),
    vendors: refsBody(v.vendors),
    factories: refsBody(v.factories),
    regions: refsBody(v.regions),
  }),
  recordTitle: (u) => `${u.contactName} (${u.email})`,
  messages: { created: MESSAGES.userCreated, updated: MESSAGES.userUpdated },
  historyLabels: { lastLogin: 'Last Login', canUpdateInventory: 'Update Inventory', canRestock: 'Restock' },
  viewActions: (u) => <PasswordResetButton userId={u.id} />,
});
