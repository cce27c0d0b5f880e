/**
 * The detail screen of every master-data entity (master-data §4; decision 0020), configured per entity
 * (entity-config.ts) and driven by useDetailMode: view mode with Edit, edit mode with Save and
 * Cancel, create mode (`?createMode=true`) starting in edit. Enter in a field saves. Below the form,
 * the record's history (who changed what, when, before and after).
 */
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type AppRoute, canAccessRoute, isApiAllowed, LABELS } from '@selvedge/shared';
import { IconArrowLeft, IconDeviceFloppy, IconPencil, IconShoppingCart, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EntityFields } from './EntityFields';
import { type AnyEntityConfig, fieldValueLabels } from './entity-config';
import { HistoryPanel } from './HistoryPanel';
import { useDetailMode } from './useDetailMode';

/** The detail screen of `config`'s entity. */
export function EntityDetailPage({ config }: { config: AnyEntityConfig }) {
  const detail = useDetailMode(config);
  const [params] = useSearchParams();
  const { mode, editing, form, record } = detail;
  const editButton = useRef<HTMLButtonElement>(null);
  const labels = useMemo(
    () => ({
      ...Object.fromEntries(config.fields.map((f) => [f.name, f.label])),
      ...config.historyLabels,
    }),
    [config],
  );
  // History values in the form's words ('Show' / "Don't show", 'Dunnes'), not Yes/No or codes.
  const valueLabels = useMemo(() => fieldValueLabels(config.fields), [config]);

  // Keyboard: entering edit or create mode puts the cursor in the first field; leaving it returns to Edit.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing && !wasEditing.current) {
      detail.formRef.current
        ?.querySelector<HTMLElement>('input:not([type=hidden]):not([readonly]), textarea:not([readonly])')
        ?.focus();
    }
    if (!editing && wasEditing.current && document.activeElement === document.body) {
      editButton.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing, detail.formRef]);

  if (mode === 'invalid') return null;
  const fromCart = config.returnToCart === true && params.get('fromCart') === 'true';

  const heading =
    mode === 'create' ? `New ${config.singular}` : (config.heading ?? `${config.singular} Details`);
  // Back only where the user may go (a CSR opens product items, not their subcode).
  const showBack = canAccessRoute(detail.back.to.split('?')[0] as AppRoute, detail.role);

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%" data-testid={`${config.testId}-details`}>
      <Group justify="space-between" gap="sm">
        {showBack ? (
          <Anchor component={Link} to={detail.back.to} size="sm" w="fit-content" data-testid="detail-back">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {detail.back.label}
            </Group>
          </Anchor>
        ) : (
          <span />
        )}
        {fromCart && (
          <Button
            component={Link}
            to="/cart"
            variant="default"
            leftSection={<IconShoppingCart size={18} />}
            data-testid="detail-return-to-cart"
          >
            {LABELS.returnToCart}
          </Button>
        )}
      </Group>
      {mode === 'loading' ? (
        <Group gap="sm" py="xl" justify="center" role="status" aria-label={`Loading ${config.singular}`}>
          <Loader size="sm" />
          <Text c="dimmed">Loading…</Text>
        </Group>
      ) : (
        <form ref={detail.formRef} onSubmit={detail.submit} noValidate aria-labelledby="detail-title">
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
              <Stack gap={0} miw={0}>
                <Title order={2} id="detail-title">
                  {heading}
                </Title>
                {record && mode !== 'create' && (
                  <Text c="dimmed" size="sm" data-testid="detail-record-title">
                    {config.recordTitle(record)}
                  </Text>
                )}
                {mode === 'create' && config.createSubtitle && (
                  <Text c="dimmed" size="sm" data-testid="detail-record-title">
                    {config.createSubtitle(params)}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                {editing ? (
                  <>
                    <Button
                      type="submit"
                      leftSection={<IconDeviceFloppy size={18} />}
                      loading={detail.saving}
                      data-testid="detail-save"
                    >
                      Save
                    </Button>
                    <Button
                      type="button"
                      variant="default"
                      leftSection={<IconX size={18} />}
                      onClick={detail.cancel}
                      disabled={detail.saving}
                      data-testid="detail-cancel"
                    >
                      Cancel
                    </Button>
                  </>
                ) : (
                  <>
                    {record && config.viewActions?.(record)}
                    <Button
                      ref={editButton}
                      type="button"
                      leftSection={<IconPencil size={18} />}
                      onClick={detail.startEdit}
                      data-testid="detail-edit"
                    >
                      Edit
                    </Button>
                  </>
                )}
              </Group>
            </Group>
            <EntityFields
              config={config}
              form={form as unknown as UseFormReturnType<Record<string, unknown>>}
              editing={editing}
              role={detail.role}
            />
          </Paper>
        </form>
      )}
      {record && mode !== 'create' && config.sections?.({ record, editing })}
      {detail.recordId !== null && record && isApiAllowed('masterData', detail.role) && (
        <HistoryPanel kind={config.kind} id={detail.recordId} labels={labels} valueLabels={valueLabels} />
      )}
    </Stack>
  );
}
