/**
 * The fields of a master-data detail form, rendered from the entity configuration. In view mode the
 * inputs are read-only (filled look, still reachable and read by screen readers); in edit and create
 * mode they edit the form. Yes/no values are a choice of the spec's option sets (Active/Inactive...).
 */
import {
  Box,
  Button,
  Checkbox,
  Group,
  Input,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Role } from '@selvedge/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MISSING } from '../orders/format';
import type { AnyEntityConfig, FormField } from './entity-config';

type Values = Record<string, unknown>;

interface FieldProps {
  field: FormField<Values>;
  form: UseFormReturnType<Values>;
  editing: boolean;
  role: Role | null;
  testId: string;
}

/** Runs the field's blur hook (a rule applied once the value is typed). */
function blurField(form: UseFormReturnType<Values>, field: FormField<Values>) {
  field.onBlur?.({
    values: form.getValues(),
    setValue: (name, v) => form.setFieldValue(name as string, v),
  });
}

const viewProps = (editing: boolean) => (editing ? {} : ({ readOnly: true, variant: 'filled' } as const));

function SelectField({
  field,
  form,
  editing,
  testId,
}: FieldProps & { field: Extract<FormField<Values>, { type: 'select' }> }) {
  const { options, loading } = field.useOptions();
  const input = form.getInputProps(field.name);
  return (
    <Select
      label={field.label}
      required={field.required && editing}
      description={field.description}
      data={options}
      placeholder={loading ? 'Loading…' : editing ? 'None' : '---'}
      searchable={editing && options.length > 10}
      clearable={editing && field.clearable}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      nothingFoundMessage="Nothing found"
      data-testid={testId}
      {...viewProps(editing)}
      value={(input.value as string) || null}
      onChange={(v) => form.setFieldValue(field.name, v ?? '')}
      error={input.error}
    />
  );
}

/**
 * A checklist of references (master-data §2: a vendor's or factory's customers) with Select All and
 * Deselect All while editing; in view mode the chosen names as text.
 */
function ChecklistField({
  field,
  form,
  editing,
  testId,
}: FieldProps & { field: Extract<FormField<Values>, { type: 'checklist' }> }) {
  const { options, loading } = field.useOptions();
  const input = form.getInputProps(field.name);
  const chosen = (input.value as string[] | undefined) ?? [];
  if (!editing) {
    const names = options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
    return (
      <Stack gap={4}>
        <Input.Label labelElement="div">{field.label}</Input.Label>
        <Text size="sm" data-testid={testId}>
          {loading ? 'Loading…' : names.length > 0 ? names.join(', ') : MISSING}
        </Text>
      </Stack>
    );
  }
  return (
    <Checkbox.Group
      label={field.label}
      description={field.description}
      value={chosen}
      onChange={(v) => form.setFieldValue(field.name, v)}
      error={input.error}
      data-testid={testId}
    >
      <Group gap="xs" mt={4} mb="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() =>
            form.setFieldValue(
              field.name,
              options.map((o) => o.value),
            )
          }
          data-testid={`${testId}-select-all`}
        >
          Select All
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => form.setFieldValue(field.name, [])}
          data-testid={`${testId}-deselect-all`}
        >
          Deselect All
        </Button>
      </Group>
      {loading ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={6}>
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} />
          ))}
        </SimpleGrid>
      )}
    </Checkbox.Group>
  );
}

function Field({ field, form, editing, role, testId }: FieldProps) {
  if (field.type === 'custom') {
    return (
      <>
        {field.render({
          values: form.getValues(),
          editing,
          role,
          error: form.errors[field.name],
          errors: form.errors,
          setValue: (name, value) => form.setFieldValue(name as string, value),
        })}
      </>
    );
  }
  if (field.type === 'select') {
    return <SelectField field={field} form={form} editing={editing} role={role} testId={testId} />;
  }
  if (field.type === 'checklist') {
    return <ChecklistField field={field} form={form} editing={editing} role={role} testId={testId} />;
  }
  const common = {
    label: field.label,
    required: field.required && editing,
    description: field.description,
    'data-testid': testId,
    ...viewProps(editing),
  };
  if (field.type === 'boolean') {
    const input = form.getInputProps(field.name);
    return (
      <Select
        {...common}
        data={[
          { value: 'true', label: field.trueLabel },
          { value: 'false', label: field.falseLabel },
        ]}
        allowDeselect={false}
        value={input.value ? 'true' : 'false'}
        onChange={(v) => form.setFieldValue(field.name, v === 'true')}
        error={input.error}
      />
    );
  }
  if (field.type === 'number') {
    return (
      <NumberInput
        {...common}
        min={field.min}
        max={field.max}
        allowDecimal={false}
        allowNegative={(field.min ?? 0) < 0}
        {...form.getInputProps(field.name)}
        onBlur={() => blurField(form, field)}
      />
    );
  }
  if (field.type === 'textarea') {
    return (
      <Textarea
        {...common}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={field.maxLength}
        {...form.getInputProps(field.name)}
      />
    );
  }
  const { normalize } = field;
  const input = form.getInputProps(field.name);
  return (
    <TextInput
      {...common}
      type={field.type}
      maxLength={field.maxLength}
      inputMode={field.inputMode}
      autoComplete="off"
      {...input}
      onChange={
        normalize
          ? (e: React.ChangeEvent<HTMLInputElement>) =>
              form.setFieldValue(field.name, normalize(e.currentTarget.value))
          : input.onChange
      }
    />
  );
}

/** A field's warning (entity-config `warning`): shown, read out when it appears, never blocking. */
function FieldWarning({ text, testId }: { text: string | null; testId: string }) {
  return (
    <div role="status" data-testid={text ? testId : undefined}>
      {text && (
        <Group gap={6} wrap="nowrap" align="flex-start" mt={6}>
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-orange-8)"
            aria-hidden
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="sm" c="orange.9">
            {text}
          </Text>
        </Group>
      )}
    </div>
  );
}

/** The form's fields in a two-column grid (one column on narrow screens); wide fields take a row. */
export function EntityFields({
  config,
  form,
  editing,
  role,
}: {
  config: AnyEntityConfig;
  form: UseFormReturnType<Values>;
  editing: boolean;
  role: Role | null;
}) {
  const fields = config.fields.filter((f) => !(role && f.hiddenFor?.includes(role)));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {fields.map((field) => (
        <Box
          key={field.name}
          style={field.wide || field.type === 'checklist' ? { gridColumn: '1 / -1' } : undefined}
        >
          <Field
            field={field}
            form={form}
            editing={editing}
            role={role}
            testId={`${config.testId}-field-${field.name}`}
          />
          {/* Only fields that can warn get the (live) region, kept mounted so a new warning is read out. */}
          {field.warning && (
            <FieldWarning
              text={field.warning(form.getValues())}
              testId={`${config.testId}-field-${field.name}-warning`}
            />
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}
