/**
 * The Lists tab of the Care Labels page (master-data §2 Care labels page, §4, §8; decision 0041): named
 * lists per kind (CARE_LIST_KINDS) added, renamed and removed (Remove asks first; a list a customer
 * has chosen answers the server's 409 text), and the selected list's options checklist, where a
 * tick adds the option and an untick removes it at once (§4). A fabric composition list has two
 * checklists, component types and materials; care codes show as 'code - text'; care instruction
 * options are shown by the type chosen in the type selector. Calls: api/care-label.ts (lists,
 * items, toggles) and the option kinds' searches of the master-data kit.
 *
 * Opened for a customer (/care-label?tab=2&customerId=N, from its Care Labels button), the kind shown
 * starts with the list that customer uses selected (its field in CUSTOMER_CARE_LIST_FIELDS, master-data
 * §3 Customer), and that row says so ('Used by Roots'); without a customer nothing is preselected.
 */
import {
  Badge,
  Button,
  Checkbox,
  Group,
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
  CARE_INSTRUCTION_ITEM_KEYS,
  CARE_INSTRUCTION_TYPES,
  CARE_LABEL_SUCCESS,
  CARE_LIST_KINDS,
  CARE_LIST_MEMBER_KINDS,
  CARE_LIST_TITLES,
  CARE_OPTION_REGISTRY,
  CARE_OPTION_TITLES,
  type CareInstructionType,
  type CareListItemsResponse,
  type CareListKind,
  type CareListRecord,
  type CareOptionKind,
  CUSTOMER_CARE_LIST_FIELDS,
  compareCareSortKeys,
} from '@selvedge/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCareListItems, useCareLists, useSaveCareList, useToggleCareListItem } from '../../api/care-label';
import { useRecord, useRecordSearch } from '../../api/master-data';
import { showApiError, showSuccess } from '../../ui/messages';
import { SelectableRowsTable } from '../master-data/SelectableRowsTable';
import { CARE_INSTRUCTION_TYPE_LABELS } from './CareOptionsEditor';
import { CareSymbol } from './CareSymbol';

/** The ids of a list's members of one option kind, from the items answer of its list kind. */
function memberIds(items: CareListItemsResponse | undefined, optionKind: CareOptionKind): Set<number> {
  if (!items) return new Set();
  const rows =
    optionKind === 'care-code'
      ? items.codes
      : optionKind === 'component-type'
        ? items.componentTypes
        : optionKind === 'material'
          ? items.materials
          : optionKind === 'care-instruction'
            ? CARE_INSTRUCTION_TYPES.flatMap((t) => items[CARE_INSTRUCTION_ITEM_KEYS[t]] ?? [])
            : items.refs;
  return new Set((rows ?? []).map((r) => r.id));
}

type OptionRow = { id: number } & Record<string, unknown>;

/** One checklist of the selected list: every option of `optionKind`, ticked when a member. */
function OptionChecklist({
  kind,
  listId,
  optionKind,
  items,
}: {
  kind: CareListKind;
  listId: number;
  optionKind: CareOptionKind;
  items: CareListItemsResponse | undefined;
}) {
  const options = useRecordSearch(CARE_OPTION_REGISTRY[optionKind], {});
  const toggle = useToggleCareListItem(kind, listId);
  const [type, setType] = useState<CareInstructionType>('WASH');
  // Ticks shown at once, while their call is under way (§4: the box adds or removes immediately).
  const [ticks, setTicks] = useState<Record<number, boolean>>({});
  const members = memberIds(items, optionKind);
  const testId = `care-checklist-${optionKind}`;

  const rows = useMemo(() => {
    const all = (options.data ?? []) as unknown as OptionRow[];
    if (optionKind === 'care-instruction')
      return all
        .filter((r) => r.type === type)
        .sort((a, b) => compareCareSortKeys(a.sortKey as number, b.sortKey as number));
    const key = optionKind === 'care-code' ? 'code' : 'name';
    return [...all].sort((a, b) => compareCareSortKeys(String(a[key]), String(b[key])));
  }, [options.data, optionKind, type]);

  const label = (r: OptionRow) =>
    optionKind === 'care-code' ? (
      `${r.code} - ${r.text}`
    ) : optionKind === 'care-instruction' ? (
      <Group gap={6} wrap="nowrap" component="span">
        <CareSymbol name={String(r.icon)} size={22} />
        <span>{String(r.displayName)}</span>
      </Group>
    ) : (
      String(r.name)
    );

  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={4} size="h5">
        {CARE_OPTION_TITLES[optionKind]}
      </Title>
      {optionKind === 'care-instruction' && (
        <SegmentedControl
          aria-label="Care instruction type"
          data={CARE_INSTRUCTION_TYPES.map((t) => ({ value: t, label: CARE_INSTRUCTION_TYPE_LABELS[t] }))}
          value={type}
          onChange={(v) => setType(v as CareInstructionType)}
          fullWidth
          data-testid={`${testId}-type`}
        />
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          ---
        </Text>
      ) : (
        rows.map((r) => (
          <Checkbox
            key={r.id}
            label={label(r)}
            checked={ticks[r.id] ?? members.has(r.id)}
            disabled={items === undefined}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setTicks((t) => ({ ...t, [r.id]: checked }));
              toggle.mutate(
                { optionKind, optionId: r.id, checked },
                {
                  onError: showApiError,
                  // The items are read again by then (the hook's onSettled runs first): drop the tick.
                  onSettled: () => setTicks(({ [r.id]: _done, ...rest }) => rest),
                },
              );
            }}
            data-testid={`${testId}-option`}
          />
        ))
      )}
    </Stack>
  );
}

/** The list of this kind a customer uses: its id and the customer's name (for the row's badge). */
interface CustomerUse {
  listId: number;
  customerName: string;
}

/**
 * The lists of one kind (name editor and table) and the selected list's checklists; `used` (the
 * customer's list of this kind, once its record is read) is selected when the lists arrive.
 */
function CareListsOfKind({ kind, used }: { kind: CareListKind; used: CustomerUse | null }) {
  const lists = useCareLists(kind);
  const save = useSaveCareList(kind);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<CareListRecord | null>(null);
  const items = useCareListItems(kind, selected?.id ?? null);
  const rows = useMemo(
    () => [...(lists.data ?? [])].sort((a, b) => compareCareSortKeys(a.name, b.name)),
    [lists.data],
  );
  // Add and rename answer the list (null only for a removal, which clears the choice).
  const choose = (list: CareListRecord | null) => {
    setSelected(list);
    setName(list?.name ?? '');
  };
  // Preselect the customer's list once, when both the lists and the customer are read; the user's own
  // choice afterwards is never overridden by a refetch.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || used === null || lists.data === undefined) return;
    preselected.current = true;
    const list = lists.data.find((l) => l.id === used.listId);
    if (list) {
      setSelected(list);
      setName(list.name);
    }
  }, [lists.data, used]);
  const filled = name.trim() !== '';
  const changed = selected !== null && name.trim() !== selected.name;

  const add = () => {
    if (!filled) return;
    save.mutate(
      { action: 'add', name: name.trim() },
      {
        onSuccess: (list) => {
          showSuccess(CARE_LABEL_SUCCESS.listAdded);
          choose(list);
        },
        onError: showApiError,
      },
    );
  };
  const rename = () => {
    if (!selected || !filled || !changed) return;
    save.mutate(
      { action: 'rename', id: selected.id, name: name.trim() },
      {
        onSuccess: (list) => {
          showSuccess(CARE_LABEL_SUCCESS.listUpdated);
          choose(list);
        },
        onError: showApiError,
      },
    );
  };
  const confirmRemove = () => {
    if (!selected) return;
    modals.openConfirmModal({
      title: 'Remove List',
      centered: true,
      children: <Text size="sm">Remove the list “{selected.name}”? Its options stay.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'care-list-remove-ok' } as Record<string, unknown>,
      onConfirm: () =>
        save.mutate(
          { action: 'remove', id: selected.id },
          {
            onSuccess: () => {
              showSuccess(CARE_LABEL_SUCCESS.listRemoved);
              setSelected(null);
              setName('');
            },
            onError: showApiError,
          },
        ),
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" data-testid="care-lists">
        <Stack gap="sm">
          <Title order={3} size="h4" id="care-lists-title">
            {CARE_LIST_TITLES[kind]} Lists
          </Title>
          <TextInput
            label="List Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              add();
            }}
            maxLength={200}
            data-testid="care-list-name"
          />
          <Group gap="xs">
            <Button
              variant="light"
              disabled={!filled || save.isPending}
              onClick={add}
              data-testid="care-list-add"
            >
              Add
            </Button>
            <Button
              variant="light"
              disabled={!changed || !filled || save.isPending}
              onClick={rename}
              data-testid="care-list-update"
            >
              Update
            </Button>
            <Button
              variant="default"
              disabled={selected === null || save.isPending}
              onClick={confirmRemove}
              data-testid="care-list-remove"
            >
              Remove
            </Button>
          </Group>
          <SelectableRowsTable<CareListRecord>
            rows={rows}
            columns={[
              { header: 'Name', cell: (r) => r.name },
              ...(used === null
                ? []
                : [
                    {
                      header: 'Customer',
                      width: 150,
                      cell: (r: CareListRecord) =>
                        r.id === used.listId ? (
                          <Badge variant="light" tt="none" data-testid="care-list-used">
                            Used by {used.customerName}
                          </Badge>
                        ) : null,
                    },
                  ]),
            ]}
            rowKey={(r) => String(r.id)}
            isSelected={(r) => selected?.id === r.id}
            onSelect={(r) => {
              setSelected(r);
              setName(r.name);
            }}
            editing
            rowTestId="care-list-row"
            labelledBy="care-lists-title"
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="care-list-options">
        {selected === null ? (
          <Text size="sm" c="dimmed">
            Select a list to choose its options.
          </Text>
        ) : (
          <Stack gap="md">
            <Title order={3} size="h4">
              {selected.name}
            </Title>
            {CARE_LIST_MEMBER_KINDS[kind].map((optionKind) => (
              <OptionChecklist
                key={`${selected.id}-${optionKind}`}
                kind={kind}
                listId={selected.id}
                optionKind={optionKind}
                items={items.data}
              />
            ))}
          </Stack>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/**
 * The Lists tab: the kind chooser, then that kind's lists. `customerId` (null: none) names the
 * customer whose list of each kind is preselected and marked.
 */
export function CareListsEditor({ customerId = null }: { customerId?: number | null }) {
  const [kind, setKind] = useState<CareListKind>('country-of-origin');
  const customer = useRecord('customers', customerId);
  const ref = customer.data?.[CUSTOMER_CARE_LIST_FIELDS[kind]] ?? null;
  const used = useMemo<CustomerUse | null>(
    () => (customer.data && ref ? { listId: ref.id, customerName: customer.data.companyName } : null),
    [customer.data, ref],
  );
  return (
    <Stack gap="md" data-testid="care-lists-tab">
      <Select
        label="List Type"
        data={CARE_LIST_KINDS.map((k) => ({ value: k, label: CARE_LIST_TITLES[k] }))}
        value={kind}
        onChange={(v) => v && setKind(v as CareListKind)}
        allowDeselect={false}
        maw={320}
        data-testid="care-list-kind"
      />
      <CareListsOfKind key={kind} kind={kind} used={used} />
    </Stack>
  );
}
