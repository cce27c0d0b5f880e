/**
 * The states of a master-data detail screen (master-data §4, §5, §8), written once for every entity:
 *
 * - `?id=N` loads the record and shows it in view mode; Edit switches to edit mode; Cancel restores
 *   the last saved copy and returns to view mode. A load failure shows its message and goes home.
 * - `?createMode=true` starts in edit mode with the entity's defaults; Cancel returns to the list; a
 *   successful create shows the success text and returns to the list. A failed create keeps the input
 *   (there is no saved copy to restore) so it can be corrected: a refusal naming one of the form's
 *   fields (the answer's `field`) shows under that input, any other in red.
 * - Save (also Enter in a field) validates with the shared zod schema, then saves under 'Saving...'.
 *   A successful update shows the success text, keeps the page and returns to view mode with the
 *   answered record. A failed update shows the error, restores the saved copy and leaves edit mode;
 *   a stale version (409) also reloads the record, so the next Edit starts from the current one.
 * - createMode with an id (or neither) is 'Invalid URL params' and back to the list.
 */
import { useForm } from '@mantine/form';
import { MESSAGES, OVERLAYS } from '@selvedge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { masterDataKeys, type RecordOf, useRecord, useSaveRecord } from '../../api/master-data';
import { lazySchemaResolver } from '../../ui/lazy-schema';
import { apiFieldErrors, showApiError, showError, showSuccess } from '../../ui/messages';
import { withOverlay } from '../../ui/overlay';
import { useSession } from '../session/use-session';
import type { AnyEntityConfig } from './entity-config';

export type DetailMode = 'loading' | 'view' | 'edit' | 'create' | 'invalid';

/** The id of `?id=`, or null when missing or not a positive whole number. */
export function parseRecordId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** What the URL asks for: an existing record, a new one, or nothing valid (master-data §5). */
export function detailTarget(
  params: URLSearchParams,
): { kind: 'record'; id: number } | { kind: 'create' } | null {
  const create = params.get('createMode') === 'true';
  const hasId = params.has('id');
  if (create) return hasId ? null : { kind: 'create' };
  const id = parseRecordId(params.get('id'));
  return id === null ? null : { kind: 'record', id };
}

/** Upper-cases the first letter and spaces a camelCase name: 'warehouseName' → 'Warehouse name'. */
const humanise = (name: string) => {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/**
 * The schema's errors per form field: a body path ('productionRegion.id', 'shippingAddresses.0')
 * counts for its first segment; a message that starts with the field's name uses its label instead
 * ('warehouseName is required' → 'Warehouse Name is required').
 */
export function fieldErrors(
  errors: Record<string, unknown>,
  labels: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, value] of Object.entries(errors)) {
    if (!value) continue;
    const field = path.split('.')[0] || path;
    if (out[field]) continue;
    const label = labels[field] ?? humanise(field);
    const text = String(value);
    out[field] = text.startsWith(`${field} `) ? `${label}${text.slice(field.length)}` : text;
  }
  return out;
}

/** The detail screen's state and actions for one entity configuration. */
export function useDetailMode(config: AnyEntityConfig) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { role } = useSession();
  const target = useMemo(() => {
    const t = detailTarget(params);
    return t?.kind === 'create' && config.createValid && !config.createValid(params) ? null : t;
  }, [params, config]);
  const recordId = target?.kind === 'record' ? target.id : null;
  const query = useRecord(config.kind, recordId);
  const save = useSaveRecord(config.kind);
  const client = useQueryClient();
  const [editing, setEditing] = useState(target?.kind === 'create');
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<string | null>(null);

  const startValues = useMemo(
    () => (target?.kind === 'create' ? { ...config.empty, ...config.createValues?.(params) } : config.empty),
    [target?.kind, config, params],
  );
  const form = useForm({ mode: 'controlled', initialValues: startValues });
  const validate = useMemo(
    () => lazySchemaResolver(config.schemaFor?.(role) ?? config.schema),
    [config, role],
  );
  const labels = useMemo(
    () => Object.fromEntries(config.fields.map((f) => [f.name, f.label])) as Record<string, string>,
    [config.fields],
  );

  const saved = query.data as RecordOf<typeof config.kind> | undefined;
  const back = config.parent
    ? config.parent(params, saved)
    : { to: config.listRoute, label: `Back to ${config.plural}` };
  const backTo = back.to;

  // Invalid URL params (master-data §5): say so and go back to the list.
  useEffect(() => {
    if (target !== null || handled.current === 'invalid') return;
    handled.current = 'invalid';
    showError(MESSAGES.invalidUrlParams);
    void navigate(backTo, { replace: true });
  }, [target, navigate, backTo]);

  // A load failure (master-data §4, §8): its message, then home.
  useEffect(() => {
    if (!query.isError || handled.current === `error-${recordId}`) return;
    handled.current = `error-${recordId}`;
    if (!(isApiError(query.error) && query.error.sessionExpired)) showApiError(query.error);
    void navigate('/', { replace: true });
  }, [query.isError, query.error, recordId, navigate]);

  // Another record, or create mode, in the same screen (a link, Back): start again.
  const targetKey = target ? (target.kind === 'create' ? 'create' : `id-${target.id}`) : 'none';
  const lastTarget = useRef(targetKey);
  useEffect(() => {
    if (lastTarget.current === targetKey) return;
    lastTarget.current = targetKey;
    setEditing(targetKey === 'create');
    form.setValues(startValues);
    form.clearErrors();
  }, [targetKey, startValues, form.setValues, form.clearErrors]);

  // The saved copy shows whenever the screen is not being edited (first load, after a save, a reload).
  useEffect(() => {
    if (!saved || editing) return;
    form.setValues(config.toValues(saved));
  }, [saved, editing, config, form.setValues]);

  const mode: DetailMode =
    target === null
      ? 'invalid'
      : target.kind === 'create'
        ? 'create'
        : !saved
          ? 'loading'
          : editing
            ? 'edit'
            : 'view';

  const startEdit = useCallback(() => {
    if (!saved) return;
    form.setValues(config.toValues(saved));
    form.clearErrors();
    setEditing(true);
  }, [saved, config, form.setValues, form.clearErrors]);

  const cancel = useCallback(() => {
    if (target?.kind === 'create') {
      void navigate(backTo);
      return;
    }
    form.clearErrors();
    if (saved) form.setValues(config.toValues(saved));
    setEditing(false);
  }, [target, saved, config, navigate, backTo, form.setValues, form.clearErrors]);

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (mode !== 'edit' && mode !== 'create') return;
    if (save.isPending) return;
    const values = form.getValues();
    const body = config.toBody(values, role);
    // An update schema wants the version too (a create schema drops what it does not know).
    const checked = saved && target?.kind === 'record' ? { ...body, version: saved.version } : body;
    const errors = fieldErrors(await validate(checked), labels);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return;
    }
    if (target?.kind === 'create') {
      let created: RecordOf<typeof config.kind>;
      try {
        created = await withOverlay(OVERLAYS.saving, save.mutateAsync({ kind: 'create', body }));
      } catch (error) {
        // A refusal naming a field of the form shows under that input (decision 0058), else in red.
        const onFields = apiFieldErrors(
          error,
          config.fields.map((f) => f.name),
        );
        if (onFields) {
          form.setErrors(fieldErrors(onFields, labels));
          focusFirstError();
        } else showApiError(error);
        return;
      }
      showSuccess(config.messages.created);
      try {
        if (config.afterSave) await withOverlay(OVERLAYS.saving, config.afterSave(created, values));
        void navigate(backTo);
      } catch (error) {
        // The record exists: open it, so that what failed after the save (the image) can be retried.
        showApiError(error);
        void navigate(`${config.detailRoute}?id=${created.id}`, { replace: true });
      }
      return;
    }
    if (!saved || recordId === null) return;
    let record: RecordOf<typeof config.kind>;
    try {
      record = await withOverlay(
        OVERLAYS.saving,
        save.mutateAsync({ kind: 'update', id: recordId, body: { ...body, version: saved.version } }),
      );
    } catch (error) {
      showApiError(error);
      form.clearErrors();
      form.setValues(config.toValues(saved));
      setEditing(false);
      if (isApiError(error, 409)) void query.refetch();
      return;
    }
    form.setValues(config.toValues(record));
    setEditing(false);
    showSuccess(config.messages.updated);
    if (config.afterSave) {
      try {
        const after = await withOverlay(OVERLAYS.saving, config.afterSave(record, values));
        client.setQueryData(masterDataKeys.record(config.kind, after.id), after);
        form.setValues(config.toValues(after));
      } catch (error) {
        showApiError(error);
      }
    }
  };

  return {
    mode,
    editing: mode === 'edit' || mode === 'create',
    role,
    form,
    formRef,
    record: saved,
    recordId,
    back,
    saving: save.isPending,
    startEdit,
    cancel,
    submit,
  };
}
