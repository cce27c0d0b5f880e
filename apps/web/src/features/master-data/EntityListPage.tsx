/**
 * The list screen of every master-data entity (master-data §2 Common rules for lists; decision 0020),
 * configured per entity (entity-config.ts): the collapsible Filters (ui/FilterPanel, collapsed on a
 * phone) with a Search button (Enter in a
 * filter searches too), every match with no paging, a count line ('Showing N User(s)'), '---' for
 * empty values, rows that are real links to the details (`?id=`; a middle click opens a new tab), and
 * an Add button that opens the details in create mode.
 *
 * The search that ran is kept in the list's address (`/warehouse-list?warehouseName=…`), so Back
 * from a record, a reload or a shared link shows the same list.
 */
import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { OVERLAYS } from '@selvedge/shared';
import { IconDatabaseOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type SearchFilters, useRecordSearch } from '../../api/master-data';
import { FilterPanel } from '../../ui/FilterPanel';
import { errorMessageOf } from '../../ui/messages';
import { useOverlay } from '../../ui/overlay';
import { ResultsTable } from '../../ui/ResultsTable';
import { LoadErrorAlert } from '../../ui/route-states';
import { stretchedLink } from '../links/stretched-link';
import { MISSING, orDash } from '../orders/format';
import { useSession } from '../session/use-session';
import type { AnyEntityConfig, FilterField } from './entity-config';

/** The filters of the address: the configured ones only, empty ones left out, initial values filled in. */
export function filtersFromParams(fields: FilterField[], params: URLSearchParams): SearchFilters {
  const out: SearchFilters = {};
  for (const field of fields) {
    const value = params.get(field.name) ?? (field.type === 'select' ? (field.initial ?? '') : '');
    if (value.trim() !== '') out[field.name] = value.trim();
  }
  return out;
}

function FilterSelect({
  field,
  value,
  onChange,
}: {
  field: Extract<FilterField, { type: 'select' }>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { options, loading } = field.useOptions();
  const placeholder = field.placeholder ?? MISSING;
  return (
    <Select
      label={field.label}
      data={field.noEmpty ? options : [{ value: '', label: placeholder }, ...options]}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      searchable={options.length > 10}
      placeholder={loading ? 'Loading…' : placeholder}
      maxDropdownHeight={280}
      nothingFoundMessage="Nothing found"
      data-testid={`filter-${field.name}`}
    />
  );
}

function LoadingRows({ columns }: { columns: number }) {
  return (
    <Stack gap="xs" role="status" aria-label="Loading" data-testid="list-loading">
      {[0, 1, 2, 3].map((i) => (
        <Group key={i} gap="md" wrap="nowrap">
          {[0, 1, 2, 3, 4, 5].slice(0, columns).map((j) => (
            <Skeleton key={j} h={18} w={`${Math.floor(80 / columns)}%`} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}

/** The list screen of `config`'s entity. */
export function EntityListPage({ config }: { config: AnyEntityConfig }) {
  const [params, setParams] = useSearchParams();
  const { role } = useSession();
  const submitted = useMemo(() => filtersFromParams(config.filters, params), [config.filters, params]);
  const [form, setForm] = useState<SearchFilters>(submitted);
  const query = useRecordSearch(config.kind, submitted);
  // Back, Forward or a link to another search: the form shows the search that runs.
  useEffect(() => setForm(submitted), [submitted]);
  useOverlay(OVERLAYS.searching, query.isFetching && !query.isPending);

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    const next = filtersFromParams(config.filters, new URLSearchParams(form));
    if (JSON.stringify(next) === JSON.stringify(submitted)) void query.refetch();
    else setParams(next);
  };
  const reset = () => {
    const initial = filtersFromParams(config.filters, new URLSearchParams());
    setForm(initial);
    if (JSON.stringify(initial) === JSON.stringify(submitted)) void query.refetch();
    else setParams(initial);
  };

  const records = query.data ?? [];
  const detailPath = (id: number) => `${config.detailRoute}?id=${id}`;
  const rowLabel = (record: (typeof records)[number]) =>
    config.rowLabel?.(record) ?? orDash(config.columns[0]?.value(record));

  let results: ReactNode;
  if (query.isPending) {
    results = <LoadingRows columns={config.columns.length} />;
  } else if (query.isError) {
    results = (
      <LoadErrorAlert
        title={`${config.plural} could not be loaded`}
        message={errorMessageOf(query.error)}
        onRetry={() => void query.refetch()}
        testId="list-error"
      />
    );
  } else if (records.length === 0) {
    results = (
      <Paper withBorder radius="md" p="xl" data-testid="list-empty">
        <Stack align="center" gap="xs">
          <IconDatabaseOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fw={500}>No {config.plural.toLowerCase()} match these filters.</Text>
          <Text size="sm" c="dimmed">
            Change the filters and search again, or add one.
          </Text>
        </Stack>
      </Paper>
    );
  } else if (config.display === 'cards') {
    results = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        data-testid="list-cards"
        aria-busy={query.isFetching}
      >
        {records.map((record) => (
          <Card
            key={record.id}
            withBorder
            radius="md"
            padding="md"
            className={stretchedLink.container}
            data-testid="list-row"
          >
            <Anchor
              component={Link}
              to={detailPath(record.id)}
              className={stretchedLink.link}
              fw={700}
              data-testid="list-row-link"
            >
              {rowLabel(record)}
            </Anchor>
            <Stack gap={2} mt="xs">
              {config.columns.slice(1).map((column) => (
                <Text key={column.header} size="sm">
                  <Text span c="dimmed" size="sm">
                    {column.header}:
                  </Text>{' '}
                  {orDash(column.value(record))}
                </Text>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else {
    results = (
      <Table.ScrollContainer minWidth={Math.min(900, 220 * config.columns.length)}>
        <ResultsTable highlightOnHover data-testid="list-table" aria-busy={query.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {config.columns.map((c) => (
                <Table.Th key={c.header} w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => (
              <Table.Tr key={record.id} className={stretchedLink.container} data-testid="list-row">
                {config.columns.map((column, i) => (
                  <Table.Td key={column.header} style={{ overflowWrap: 'anywhere' }}>
                    {i === 0 ? (
                      <Anchor
                        component={Link}
                        to={detailPath(record.id)}
                        className={stretchedLink.link}
                        fw={600}
                        size="sm"
                        data-testid="list-row-link"
                      >
                        {rowLabel(record)}
                      </Anchor>
                    ) : (
                      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                        {orDash(column.value(record))}
                      </Text>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResultsTable>
      </Table.ScrollContainer>
    );
  }

  const canCreate = config.canCreate ? config.canCreate(role) : true;

  return (
    <Stack gap="md" maw={1400} mx="auto" w="100%" data-testid={`${config.testId}-list`}>
      <Group justify="space-between" align="center">
        <Title order={2}>{config.plural}</Title>
        {canCreate && (
          <Button
            component={Link}
            to={`${config.detailRoute}?createMode=true`}
            leftSection={<IconPlus size={18} />}
            data-testid="list-add"
          >
            Add
          </Button>
        )}
      </Group>
      {config.filters.length > 0 && (
        <FilterPanel
          activeCount={Object.values(submitted).filter((v) => v !== '').length}
          testId="list-filters"
          toggleTestId="filter-toggle"
        >
          <form onSubmit={search} noValidate aria-label={`Filter ${config.plural}`}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, config.filters.length) }}>
              {config.filters.map((field) =>
                field.type === 'text' ? (
                  <TextInput
                    key={field.name}
                    label={field.label}
                    value={form[field.name] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setForm((f) => ({ ...f, [field.name]: value }));
                    }}
                    maxLength={100}
                    data-testid={`filter-${field.name}`}
                  />
                ) : (
                  <FilterSelect
                    key={field.name}
                    field={field}
                    value={form[field.name] ?? field.initial ?? ''}
                    onChange={(value) => setForm((f) => ({ ...f, [field.name]: value }))}
                  />
                ),
              )}
            </SimpleGrid>
            <Group justify="flex-end" mt="md" gap="xs">
              <Button type="button" variant="default" onClick={reset} data-testid="filter-reset">
                Reset
              </Button>
              <Button type="submit" leftSection={<IconSearch size={18} />} data-testid="filter-search">
                Search
              </Button>
            </Group>
          </form>
        </FilterPanel>
      )}
      {results}
      {query.data && !query.isError && (
        <Text size="sm" c="dimmed" data-testid="list-count" role="status">
          {config.countLine(records.length)}
        </Text>
      )}
    </Stack>
  );
}
