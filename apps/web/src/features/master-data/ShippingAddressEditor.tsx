/**
 * The shipping address editor of vendor details (master-data §2 Vendors, §5, §8): a short name and
 * a full address with Add, Update and Remove (enabled only when both are filled), and the table of
 * Short Name and Address kept sorted by short name. A row's short name selects it for Update or
 * Remove. Refusals are the spec's texts ('This is a duplicate entry.', "Couldn't find the address
 * to update."). In view mode only the table shows.
 */
import { Button, Group, Input, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  addShippingAddress,
  canSubmitShippingAddress,
  type EditResult,
  LIMITS,
  removeShippingAddress,
  type ShippingAddress,
  updateShippingAddress,
} from '@selvedge/shared';
import { type ReactNode, useState } from 'react';
import { SelectableRowsTable } from './SelectableRowsTable';

export function ShippingAddressEditor({
  value,
  onChange,
  editing,
  error,
}: {
  value: ShippingAddress[];
  onChange: (next: ShippingAddress[]) => void;
  editing: boolean;
  error?: ReactNode;
}) {
  const [entry, setEntry] = useState<ShippingAddress>({ optionName: '', address: '' });
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const filled = canSubmitShippingAddress(entry);

  const apply = (result: EditResult<ShippingAddress[]>) => {
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    onChange(result.value);
    setEntry({ optionName: '', address: '' });
    setSelected(null);
  };

  return (
    <Stack gap="xs" data-testid="shipping-addresses">
      <Input.Label labelElement="div" id="shipping-addresses-title">
        Shipping Addresses
      </Input.Label>
      {editing && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Short Name"
            value={entry.optionName}
            onChange={(e) => {
              const optionName = e.currentTarget.value;
              setEntry((x) => ({ ...x, optionName }));
              setProblem(null);
            }}
            maxLength={100}
            w={200}
            onKeyDown={(e) => {
              // Enter adds the address here (it would otherwise save the whole vendor).
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (filled) apply(addShippingAddress(value, entry));
            }}
            data-testid="shipping-short-name"
          />
          <Textarea
            label="Address"
            value={entry.address}
            onChange={(e) => {
              const address = e.currentTarget.value;
              setEntry((x) => ({ ...x, address }));
              setProblem(null);
            }}
            maxLength={LIMITS.shippingAddressMaxLength}
            autosize
            minRows={1}
            maxRows={4}
            style={{ flex: 1, minWidth: 240 }}
            data-testid="shipping-address"
          />
          <Group gap="xs">
            <Button
              variant="light"
              disabled={!filled}
              onClick={() => apply(addShippingAddress(value, entry))}
              data-testid="shipping-add"
            >
              Add
            </Button>
            <Button
              variant="light"
              disabled={!filled || selected === null}
              onClick={() => apply(updateShippingAddress(value, selected ?? '', entry))}
              data-testid="shipping-update"
            >
              Update
            </Button>
            <Button
              variant="default"
              disabled={selected === null}
              onClick={() => apply(removeShippingAddress(value, selected ?? ''))}
              data-testid="shipping-remove"
            >
              Remove
            </Button>
          </Group>
        </Group>
      )}
      {(problem || error) && (
        <Text size="sm" c="red.8" role="alert" data-testid="shipping-error">
          {problem ?? error}
        </Text>
      )}
      <SelectableRowsTable
        rows={value}
        columns={[
          { header: 'Short Name', width: '30%', cell: (r) => r.optionName },
          {
            header: 'Address',
            cell: (r) => r.address,
            style: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
          },
        ]}
        rowKey={(r) => r.optionName}
        isSelected={(r) => selected === r.optionName}
        onSelect={(r) => {
          setSelected(r.optionName);
          setEntry({ ...r });
          setProblem(null);
        }}
        editing={editing}
        rowTestId="shipping-row"
        labelledBy="shipping-addresses-title"
      />
    </Stack>
  );
}
