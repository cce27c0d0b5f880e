/**
 * The Options tab of the Care Labels page (master-data §2 Care labels page, §3 Care code, Care
 * instruction, §8; decision 0041): one section per option kind — five kinds of a name only, care codes
 * (code and text), care instructions by type (display name, an icon chosen from the shipped ISO 3758
 * symbols, sort key ≥ 0 step 1). Each section adds, updates and deletes through the master-data kit
 * (api/master-data.ts; the registry kinds of CARE_OPTION_REGISTRY) and lists its options in the
 * editors' SelectableRowsTable, sorted by name, or by number when the sort key is numeric
 * (compareCareSortKeys). Enable rules of §2: Add is disabled while a field is empty, Update while
 * nothing changed; Delete asks first, and an option in use answers the server's 409 text.
 * The selected option's history (every add and change the kit wrote) shows under its table, in the
 * master-data HistoryPanel, with the section's field labels and types and icons by name.
 */
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  CARE_INSTRUCTION_TYPES,
  CARE_LABEL_SUCCESS,
  CARE_NAME_OPTION_KINDS,
  CARE_OPTION_REGISTRY,
  CARE_OPTION_TITLES,
  CARE_SYMBOLS,
  type CareInstructionType,
  type CareOptionKind,
  careSymbolsOf,
  compareCareSortKeys,
} from '@selvedge/shared';
import { useMemo, useState } from 'react';
import { useDeleteRecord, useRecordSearch, useSaveRecord } from '../../api/master-data';
import { apiFieldErrors, showApiError, showSuccess } from '../../ui/messages';
import { HistoryPanel } from '../master-data/HistoryPanel';
import { SelectableRowsTable } from '../master-data/SelectableRowsTable';
import { CareSymbol } from './CareSymbol';

/** The care instruction types as the page names them (master-data §2: Wash, Bleach, Dry, Iron, Dry Clean). */
export const CARE_INSTRUCTION_TYPE_LABELS: Record<CareInstructionType, string> = {
  WASH: 'Wash',
  BLEACH: 'Bleach',
  DRY: 'Dry',
  IRON: 'Iron',
  DRYCLEAN: 'Dry Clean',
};

/** Display names of the codes an option's history holds: the instruction type and the symbol. */
const HISTORY_VALUE_LABELS: Record<string, Record<string, string>> = {
  type: CARE_INSTRUCTION_TYPE_LABELS,
  icon: Object.fromEntries(Object.values(CARE_SYMBOLS).map((s) => [s.name, s.title])),
};

/** An option as the section handles it: its id, version and fields as text (sortKey too). */
type OptionRow = { id: number; version: number } & Record<string, unknown>;
type Draft = Record<string, string>;

/**
 * The fields of a kind: name only, code and description (master-data §2: 'Care Codes (code and
 * description)'; the contract's field is `text`), or display name, icon and sort key.
 */
function fieldsOf(kind: CareOptionKind): { key: string; label: string }[] {
  if (kind === 'care-code')
    return [
      { key: 'code', label: 'Code' },
      { key: 'text', label: 'Description' },
    ];
  if (kind === 'care-instruction')
    return [
      { key: 'displayName', label: 'Display Name' },
      { key: 'icon', label: 'Icon' },
      { key: 'sortKey', label: 'Sort Key' },
    ];
  return [{ key: 'name', label: 'Name' }];
}

/** The field a kind sorts by (master-data §3): name, the care code's code, the instruction's sort key. */
const sortFieldOf = (kind: CareOptionKind) =>
  kind === 'care-code' ? 'code' : kind === 'care-instruction' ? 'sortKey' : 'name';

const emptyDraft = (kind: CareOptionKind): Draft =>
  Object.fromEntries(fieldsOf(kind).map((f) => [f.key, '']));
const draftOf = (kind: CareOptionKind, row: OptionRow): Draft =>
  Object.fromEntries(fieldsOf(kind).map((f) => [f.key, String(row[f.key] ?? '')]));

/** The options of one kind: its editor (fields, Add, Update, Delete) above its table. */
export function CareOptionSection({ kind }: { kind: CareOptionKind }) {
  const registryKind = CARE_OPTION_REGISTRY[kind];
  const query = useRecordSearch(registryKind, {});
  const save = useSaveRecord(registryKind);
  const remove = useDeleteRecord(registryKind);
  const [type, setType] = useState<CareInstructionType>('WASH');
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(kind));
  const [selected, setSelected] = useState<OptionRow | null>(null);
  // A refusal naming one of the inputs (a duplicate code: 409 with `field`) shows under it (decision 0058).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = fieldsOf(kind);
  const testId = `care-option-${kind}`;
  const titleId = `${testId}-title`;

  const rows = useMemo(() => {
    const all = (query.data ?? []) as unknown as OptionRow[];
    const ofType = kind === 'care-instruction' ? all.filter((r) => r.type === type) : all;
    const key = sortFieldOf(kind);
    return [...ofType].sort(
      (a, b) =>
        compareCareSortKeys(a[key] as string | number, b[key] as string | number) ||
        compareCareSortKeys(String(a.displayName ?? ''), String(b.displayName ?? '')),
    );
  }, [query.data, kind, type]);

  const filled = fields.every((f) => draft[f.key].trim() !== '');
  const changed = selected !== null && fields.some((f) => draft[f.key] !== draftOf(kind, selected)[f.key]);
  const busy = save.isPending || remove.isPending;

  const clear = () => {
    setDraft(emptyDraft(kind));
    setSelected(null);
    setErrors({});
  };
  const body = () =>
    kind === 'care-instruction'
      ? { type, displayName: draft.displayName, icon: draft.icon, sortKey: Number(draft.sortKey) }
      : Object.fromEntries(fields.map((f) => [f.key, draft[f.key]]));

  const refused = (error: unknown) => {
    const onFields = apiFieldErrors(
      error,
      fields.map((f) => f.key),
    );
    if (onFields) setErrors(onFields);
    else showApiError(error);
  };

  const add = () => {
    if (!filled) return;
    save.mutate(
      { kind: 'create', body: body() as never },
      {
        onSuccess: () => {
          showSuccess(CARE_LABEL_SUCCESS.optionAdded);
          clear();
        },
        onError: refused,
      },
    );
  };
  const update = () => {
    if (!selected || !filled || !changed) return;
    save.mutate(
      { kind: 'update', id: selected.id, body: { ...body(), version: selected.version } as never },
      {
        onSuccess: () => {
          showSuccess(CARE_LABEL_SUCCESS.optionUpdated);
          clear();
        },
        onError: refused,
      },
    );
  };
  const confirmDelete = () => {
    if (!selected) return;
    const label = String(selected[fields[0].key]);
    modals.openConfirmModal({
      title: 'Delete Option',
      centered: true,
      children: <Text size="sm">Delete the option “{label}”? This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': `${testId}-delete-ok` } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(selected.id, {
          onSuccess: () => {
            showSuccess(CARE_LABEL_SUCCESS.optionRemoved);
            clear();
          },
          onError: showApiError,
        }),
    });
  };

  const set = (key: string, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: '' } : e));
  };
  const onEnter = (e: React.KeyboardEvent) => {
    // Enter adds (master-data §5: Enter triggers save); Update stays a click.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  const symbols = kind === 'care-instruction' ? careSymbolsOf(type) : [];
  const input = (f: { key: string; label: string }) => {
    if (f.key === 'icon')
      return (
        <Select
          key={f.key}
          label={f.label}
          placeholder="Choose a symbol"
          data={symbols.map((s) => ({ value: s.name, label: s.title }))}
          value={draft.icon || null}
          onChange={(v) => set('icon', v ?? '')}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <CareSymbol name={option.value} size={24} />
              <Text size="sm">{option.label}</Text>
            </Group>
          )}
          leftSection={draft.icon ? <CareSymbol name={draft.icon} size={20} /> : null}
          searchable
          maxDropdownHeight={280}
          data-testid={`${testId}-icon`}
        />
      );
    if (f.key === 'sortKey')
      return (
        <NumberInput
          key={f.key}
          label={f.label}
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          max={1_000_000}
          value={draft.sortKey === '' ? '' : Number(draft.sortKey)}
          onChange={(v) => set('sortKey', v === '' ? '' : String(v))}
          onKeyDown={onEnter}
          data-testid={`${testId}-sortKey`}
        />
      );
    return (
      <TextInput
        key={f.key}
        label={f.label}
        value={draft[f.key]}
        onChange={(e) => set(f.key, e.currentTarget.value)}
        onKeyDown={onEnter}
        error={errors[f.key] || undefined}
        maxLength={f.key === 'text' ? 1000 : f.key === 'code' ? 100 : 200}
        data-testid={`${testId}-${f.key}`}
      />
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {CARE_OPTION_TITLES[kind]}
        </Title>
        {kind === 'care-instruction' && (
          <SegmentedControl
            aria-label="Care instruction type"
            data={CARE_INSTRUCTION_TYPES.map((t) => ({ value: t, label: CARE_INSTRUCTION_TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => {
              setType(v as CareInstructionType);
              clear();
            }}
            fullWidth
            style={{ overflowX: 'auto' }}
            data-testid={`${testId}-type`}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: fields.length }} spacing="sm">
          {fields.map(input)}
        </SimpleGrid>
        <Group gap="xs">
          <Button variant="light" disabled={!filled || busy} onClick={add} data-testid={`${testId}-add`}>
            Add
          </Button>
          <Button
            variant="light"
            disabled={!filled || !changed || busy}
            onClick={update}
            data-testid={`${testId}-update`}
          >
            Update
          </Button>
          <Button
            variant="default"
            color="red"
            disabled={selected === null || busy}
            onClick={confirmDelete}
            data-testid={`${testId}-delete`}
          >
            Delete
          </Button>
          {(selected !== null || fields.some((f) => draft[f.key] !== '')) && (
            <Button variant="subtle" onClick={clear} disabled={busy} data-testid={`${testId}-clear`}>
              Clear
            </Button>
          )}
        </Group>
        {query.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {query.error.message}
          </Text>
        ) : (
          <SelectableRowsTable<OptionRow>
            rows={rows}
            columns={columnsOf(kind)}
            rowKey={(r) => String(r.id)}
            isSelected={(r) => selected?.id === r.id}
            onSelect={(r) => {
              setSelected(r);
              setDraft(draftOf(kind, r));
              setErrors({});
            }}
            editing
            rowTestId={`${testId}-row`}
            labelledBy={titleId}
          />
        )}
        {selected !== null && (
          <HistoryPanel
            key={selected.id}
            kind={registryKind}
            id={selected.id}
            labels={{
              ...Object.fromEntries(fields.map((f) => [f.key, f.label])),
              type: 'Type',
            }}
            valueLabels={HISTORY_VALUE_LABELS}
            title={`History of ${String(selected[fields[0].key])}`}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The table's columns of a kind; the first cell selects the row. */
function columnsOf(kind: CareOptionKind) {
  if (kind === 'care-code')
    return [
      { header: 'Code', width: '25%', cell: (r: OptionRow) => String(r.code) },
      {
        header: 'Description',
        cell: (r: OptionRow) => String(r.text),
        style: { overflowWrap: 'anywhere' as const },
      },
    ];
  if (kind === 'care-instruction')
    return [
      { header: 'Display Name', cell: (r: OptionRow) => String(r.displayName) },
      {
        header: 'Icon',
        width: 64,
        cell: (r: OptionRow) => <CareSymbol name={String(r.icon)} size={28} />,
      },
      { header: 'Sort Key', width: 90, cell: (r: OptionRow) => String(r.sortKey) },
    ];
  return [{ header: 'Name', cell: (r: OptionRow) => String(r.name) }];
}

/** Every section of the Options tab, in the page's order (master-data §2). */
export function CareOptionsEditor() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="care-options">
      {[...CARE_NAME_OPTION_KINDS, 'care-code' as const, 'care-instruction' as const].map((kind) => (
        <CareOptionSection key={kind} kind={kind} />
      ))}
    </SimpleGrid>
  );
}
