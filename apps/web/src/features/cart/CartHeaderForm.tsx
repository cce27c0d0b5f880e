/**
 * The cart header form (ordering §2 Cart, §5 Cart): Contact, Email, Phone, Vendor PO, Date Requested,
 * Shipping address (a saved address of the vendor), Delivery method and account, Billing account and
 * address, Comments. Each field saves when it loses focus or a choice is made (use-cart-header-form).
 * VENDOR and ADMIN get a link to add a shipping address on the vendor details screen — once that
 * screen exists (routes/screens.ts); until then the link is not offered (decision 0016 Papercuts).
 */
import {
  Anchor,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { earliestDateRequested, hasCapability, type Role, vendorPORequired } from '@selvedge/shared';
import { IconCheck, IconMapPinPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../ui/DateField';
import { rememberOfferedAddresses } from './new-shipping-address';
import type { CartHeaderForm as Form, HeaderField } from './use-cart-header-form';
import { MAX_LENGTHS } from './use-cart-header-form';

/** Test id of a header field's input (also used to focus the first invalid field). */
export const fieldTestId = (field: string) => `cart-field-${field}`;

interface ShippingAddressOption {
  optionName: string;
  address: string;
}

export interface CartHeaderFormProps {
  form: Form;
  role: Role | null;
  vendorId: number | null;
  addresses: ShippingAddressOption[];
  addressesLoading: boolean;
}

/** Enter in a one-line field saves it (ordering §9: the Enter key triggers save). */
const blurOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.currentTarget.blur();
};

/** The cart header form. */
export function CartHeaderForm({ form, role, vendorId, addresses, addressesLoading }: CartHeaderFormProps) {
  const { values, errors } = form;

  /** Props of a text field: value, change, blur-saves, message, length limit, test id. */
  const text = (field: HeaderField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      form.setValue(field, event.currentTarget.value),
    onBlur: () => form.commit(field),
    error: errors[field],
    maxLength: MAX_LENGTHS[field],
    'data-testid': fieldTestId(field),
  });
  const line = (field: HeaderField) => ({ ...text(field), onKeyDown: blurOnEnter });

  const selectedIndex = addresses.findIndex((a) => a.address === values.shippingAddress);
  const canAddAddress = hasCapability('addShippingAddressFromCart', role) && vendorId != null;

  return (
    <Paper withBorder p="md" radius="md" data-testid="cart-header">
      <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
        <Title order={3} size="h4">
          Order information
        </Title>
        <SaveState saving={form.saving > 0} />
      </Group>

      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput label="Contact" withAsterisk autoComplete="name" {...line('contact')} />
          <TextInput label="Email" withAsterisk type="email" autoComplete="email" {...line('email')} />
          <TextInput label="Phone" withAsterisk type="tel" autoComplete="tel" {...line('phone')} />
          <TextInput label="Vendor PO" withAsterisk={vendorPORequired(role)} {...line('vendorPO')} />
          <DateField
            label="Date Requested"
            withAsterisk
            minDate={earliestDateRequested()}
            value={values.dateRequested || null}
            onCommit={(value) => form.commit('dateRequested', value ?? '')}
            error={errors.dateRequested}
            data-testid={fieldTestId('dateRequested')}
          />
          <TextInput label="Delivery method" {...line('deliveryMethod')} />
        </SimpleGrid>

        <Stack gap={6}>
          {addresses.length > 0 ? (
            <Select
              label="Shipping address"
              withAsterisk
              placeholder="Choose a saved address"
              data={addresses.map((a, i) => ({ value: String(i), label: a.optionName }))}
              value={selectedIndex >= 0 ? String(selectedIndex) : null}
              onChange={(value) => {
                if (value !== null) form.commit('shippingAddress', addresses[Number(value)].address);
              }}
              onBlur={() => form.commit('shippingAddress')}
              allowDeselect={false}
              error={errors.shippingAddress}
              data-testid={fieldTestId('shippingAddress')}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Textarea
              label="Shipping address"
              withAsterisk
              autosize
              minRows={2}
              maxRows={5}
              rightSection={addressesLoading ? <Loader size="xs" /> : undefined}
              description={
                addressesLoading
                  ? undefined
                  : `No saved addresses: type the address (up to ${MAX_LENGTHS.shippingAddress} characters).`
              }
              {...text('shippingAddress')}
            />
          )}
          {addresses.length > 0 && values.shippingAddress && (
            <Paper bg="gray.0" px="sm" py={6} radius="sm" withBorder>
              <Text
                size="sm"
                data-testid="cart-shipping-address-text"
                style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              >
                {values.shippingAddress}
              </Text>
            </Paper>
          )}
          {canAddAddress && (
            <Anchor
              component={Link}
              to={`/vendor-details?id=${vendorId}&fromCart=true`}
              size="sm"
              data-testid="cart-add-shipping-address"
              onClick={() => rememberOfferedAddresses(addresses)}
              style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              <IconMapPinPlus size={16} stroke={1.6} />
              Add a new shipping address
            </Anchor>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput label="Delivery account" {...line('deliveryAccount')} />
          <TextInput label="Billing account" {...line('billingAccount')} />
        </SimpleGrid>

        <Textarea
          label="Billing address"
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          {...text('billingAddress')}
        />
        <Textarea label="Comments" autosize minRows={2} maxRows={8} {...text('comments')} />
      </Stack>
    </Paper>
  );
}

/** 'Saving…' while a save runs, else a quiet note that changes save themselves. */
function SaveState({ saving }: { saving: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="cart-save-state" aria-live="polite">
      {saving ? <Loader size={12} /> : <IconCheck size={14} color="var(--mantine-color-dimmed)" />}
      <Text size="xs" c="dimmed">
        {saving ? 'Saving…' : 'Changes are saved automatically'}
      </Text>
    </Group>
  );
}
