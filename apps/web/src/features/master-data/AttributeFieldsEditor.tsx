/**
 * The attribute fields editor of attribute schema details (master-data §2 Attribute schemas, §5, §8):
 * fields of type STRING or DROPDOWN with Add, Update and Remove; a dropdown field's options with
 * their own Add and Remove, enabled only in edit mode for a selected dropdown field. Fields and
 * options stay sorted; refusals are the spec's texts ('This is a duplicate field.', 'This is a
 * duplicate option.', "Couldn't find the field to update."...). A field's name in the table selects it.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Input,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  addAttributeField,
  addAttributeOption,
  type EditAttributeField,
  type EditResult,
  removeAttributeField,
  removeAttributeOption,
  updateAttributeField,
} from '@selvedge/shared';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { MISSING } from '../orders/format';
import { SelectableRowsTable } from './SelectableRowsTable';

const TYPES = [
  { value: 'STRING', label: 'STRING' },
  { value: 'DROPDOWN', label: 'DROPDOWN' },
];

export function AttributeFieldsEditor({
  value,
  onChange,
  editing,
  error,
}: {
  value: EditAttributeField[];
  onChange: (next: EditAttributeField[]) => void;
  editing: boolean;
  error?: ReactNode;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<EditAttributeField['type']>('STRING');
  const [option, setOption] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const current = value.find((f) => f.name === selected) ?? null;

  const apply = (result: EditResult<EditAttributeField[]>, after?: () => void) => {
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    onChange(result.value);
    after?.();
  };
  const clearField = () => {
    setName('');
    setType('STRING');
    setSelected(null);
  };
  const fieldOf = (): EditAttributeField => ({ name, type, options: current?.options ?? [] });

  return (
    <Stack gap="xs" data-testid="attribute-fields">
      <Input.Label labelElement="div" id="attribute-fields-title">
        Attribute Fields
      </Input.Label>
      {editing && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Field Name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setProblem(null);
            }}
            maxLength={100}
            w={220}
            onKeyDown={(e) => {
              // Enter adds the field here (it would otherwise save the whole schema).
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (name.trim() !== '')
                apply(addAttributeField(value, { name, type, options: [] }), clearField);
            }}
            data-testid="attribute-field-name"
          />
          <Select
            label="Field Type"
            data={TYPES}
            value={type}
            onChange={(v) => setType((v as EditAttributeField['type']) ?? 'STRING')}
            allowDeselect={false}
            w={160}
            data-testid="attribute-field-type"
          />
          <Group gap="xs">
            <Button
              variant="light"
              disabled={name.trim() === ''}
              onClick={() => apply(addAttributeField(value, { name, type, options: [] }), clearField)}
              data-testid="attribute-field-add"
            >
              Add
            </Button>
            <Button
              variant="light"
              disabled={name.trim() === '' || selected === null}
              onClick={() =>
                apply(updateAttributeField(value, selected ?? '', fieldOf()), () => setSelected(name.trim()))
              }
              data-testid="attribute-field-update"
            >
              Update
            </Button>
            <Button
              variant="default"
              disabled={selected === null}
              onClick={() => apply(removeAttributeField(value, selected ?? ''), clearField)}
              data-testid="attribute-field-remove"
            >
              Remove
            </Button>
          </Group>
        </Group>
      )}
      {(problem || error) && (
        <Text size="sm" c="red.8" role="alert" data-testid="attribute-fields-error">
          {problem ?? error}
        </Text>
      )}
      <SelectableRowsTable
        rows={value}
        columns={[
          { header: 'Name', width: '30%', cell: (f) => f.name },
          { header: 'Type', width: 130, cell: (f) => f.type },
          {
            header: 'Options',
            cell: (f) => (f.type === 'DROPDOWN' && f.options.length > 0 ? f.options.join(', ') : MISSING),
            style: { overflowWrap: 'anywhere' },
          },
        ]}
        rowKey={(f) => f.name}
        isSelected={(f) => selected === f.name}
        onSelect={(f) => {
          setSelected(f.name);
          setName(f.name);
          setType(f.type);
          setProblem(null);
        }}
        editing={editing}
        rowTestId="attribute-field-row"
        labelledBy="attribute-fields-title"
      />
      {editing && current?.type === 'DROPDOWN' && (
        <Paper withBorder radius="sm" p="sm" data-testid="attribute-options">
          <Text size="sm" fw={600} mb="xs">
            Options of {current.name}
          </Text>
          <Group gap={6} mb="xs" wrap="wrap">
            {current.options.length === 0 ? (
              <Text size="sm" c="dimmed">
                No options yet.
              </Text>
            ) : (
              current.options.map((o) => (
                <Badge
                  key={o}
                  variant="light"
                  tt="none"
                  size="lg"
                  data-testid="attribute-option"
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      aria-label={`Remove option ${o}`}
                      onClick={() => apply(removeAttributeOption(value, current.name, o))}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  }
                >
                  {o}
                </Badge>
              ))
            )}
          </Group>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Option"
              value={option}
              onChange={(e) => {
                setOption(e.currentTarget.value);
                setProblem(null);
              }}
              maxLength={200}
              w={240}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                if (option.trim() !== '')
                  apply(addAttributeOption(value, current.name, option), () => setOption(''));
              }}
              data-testid="attribute-option-name"
            />
            <Button
              variant="light"
              disabled={option.trim() === ''}
              onClick={() => apply(addAttributeOption(value, current.name, option), () => setOption(''))}
              data-testid="attribute-option-add"
            >
              Add Option
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
