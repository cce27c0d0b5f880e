/**
 * The configuration of one master-data entity (decision 0020: the list screen and the detail screen once,
 * configured per entity). EntityListPage and EntityDetailPage read everything entity-specific from
 * here: routes, names, filter fields, columns, count line, form fields, the mapping between record,
 * form values and request body, the shared zod schema (loaded lazily) and the success texts. The
 * names, routes and schema come from the shared registry (MASTER_DATA, MASTER_DATA_SCHEMAS) by the
 * entity's kind (`defineEntity`); the rest is the screen's own.
 *
 * Form values are flat: text, booleans, and a reference as its id in text ('' = none), so every
 * input binds the same way; `toBody` turns them into the shared contract's body.
 */
import {
  type AppRoute,
  MASTER_DATA,
  MASTER_DATA_SCREENS,
  type MasterDataScreenKind,
  type Role,
} from '@selvedge/shared';
import type { ReactNode } from 'react';
import type { BodyOf, EntityKind, RecordOf } from '../../api/master-data';
import { type LazySchema, lazySchema } from './schemas-loader';

/**
 * The words the form shows for each field's values, by field name (value → label): a yes/no
 * field's own pair ('Show' / "Don't show"), a select's or checklist's constant choices ('FLAT_FILE'
 * → 'Dunnes'). The record's history shows values with them, so it reads as the form does.
 */
export function fieldValueLabels<V>(fields: readonly FormField<V>[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const f of fields) {
    if (f.type === 'boolean') out[f.name] = { true: f.trueLabel, false: f.falseLabel };
    else if ((f.type === 'select' || f.type === 'checklist') && 'options' in f.useOptions) {
      const { options } = f.useOptions as { options: readonly SelectOption[] };
      out[f.name] = Object.fromEntries(options.map((o) => [o.value, o.label]));
    }
  }
  return out;
}

/** One choice of a select (filter or form field). */
export interface SelectOption {
  value: string;
  label: string;
}

/** A hook answering the choices of a select (a lookup call, or a constant list). */
export type OptionsHook = () => { options: SelectOption[]; loading?: boolean };

/** A filter of the list (its `name` is the search query's parameter). */
export type FilterField =
  | { name: string; label: string; type: 'text' }
  | {
      name: string;
      label: string;
      type: 'select';
      useOptions: OptionsHook;
      /** Text of the empty choice (no filter); the spec's '---'. */
      placeholder?: string;
      /** Value used when the form is reset or first opened ('' = no filter). */
      initial?: string;
      /** No empty choice: one of the options is always chosen. */
      noEmpty?: boolean;
    };

/** A column of the list; `value` '' or null shows '---' (master-data §2 Common rules). */
export interface ListColumn<R> {
  header: string;
  value(record: R): string | null | undefined;
  /** Width hint (px). */
  width?: number;
}

/** What a field's blur hook gets: the form's values, and a setter. */
export interface ChangeContext<V> {
  values: V;
  setValue: <F extends keyof V>(field: F, value: V[F]) => void;
}

/** What a custom field's render function gets. */
export interface FieldContext<V> {
  values: V;
  editing: boolean;
  role: Role | null;
  error: ReactNode;
  /** Every field's error (a custom field editing several values shows theirs). */
  errors: Record<string, ReactNode>;
  setValue: <F extends keyof V>(field: F, value: V[F]) => void;
}

interface FieldBase<V> {
  /** The form value (and body field) it edits; history changes of this field use `label`. */
  name: keyof V & string;
  label: string;
  /** Shows a required marker (the schema decides what is refused). */
  required?: boolean;
  /** Takes the whole row of the form grid. */
  wide?: boolean;
  /** Hidden for these roles (master-data §6: the vendor's reduced screen). */
  hiddenFor?: readonly Role[];
  /** A short help text under the input. */
  description?: string;
  /**
   * A warning under the field for these values (null: none): says what a combination of values
   * leads to, never blocks the save (a care-labelled subcode without a Garment GTIN).
   */
  warning?(values: V): string | null;
  /**
   * Runs when the user leaves the input (a rule applied once the value is typed: the MOQ is rounded
   * down to the pack size, a changed pack size re-rounds the MOQ).
   */
  onBlur?(ctx: ChangeContext<V>): void;
}

/** A field of the detail form. */
export type FormField<V> =
  | (FieldBase<V> & {
      type: 'text' | 'email' | 'tel';
      maxLength?: number;
      /** Rewrites what is typed (the vendor number keeps its digits only). */
      normalize?: (text: string) => string;
      inputMode?: 'numeric' | 'text';
    })
  | (FieldBase<V> & { type: 'textarea'; maxLength?: number })
  | (FieldBase<V> & { type: 'select'; useOptions: OptionsHook; clearable?: boolean })
  /** A yes/no value shown as a choice of two (master-data §9 option sets: Active/Inactive, Yes/No...). */
  | (FieldBase<V> & { type: 'boolean'; trueLabel: string; falseLabel: string })
  | (FieldBase<V> & { type: 'number'; min?: number; max?: number })
  /** A checklist of references (value: the chosen ids as text) with Select All / Deselect All. */
  | (FieldBase<V> & { type: 'checklist'; useOptions: OptionsHook })
  | (FieldBase<V> & { type: 'custom'; render: (ctx: FieldContext<V>) => ReactNode });

/** Everything the generic screens need to know about one entity. */
export interface EntityConfig<K extends EntityKind, V extends object> {
  kind: K;
  /** 'Warehouse' — in titles ('Warehouse Details', 'New Warehouse'). */
  singular: string;
  /** 'Warehouses' — the list's title. */
  plural: string;
  listRoute: AppRoute;
  detailRoute: AppRoute;
  /** test ids: `${testId}-list`, `${testId}-details`. */
  testId: string;
  /** The count line under the list: 'Showing N Warehouse(s)'. */
  countLine(count: number): string;
  filters: FilterField[];
  columns: ListColumn<RecordOf<K>>[];
  /** The row link's text (the first column's value by default). */
  rowLabel?(record: RecordOf<K>): string;
  /** Fields of the detail form, in screen order. */
  fields: FormField<V>[];
  /** Values of a new record (create mode; master-data §9 defaults). */
  empty: V;
  toValues(record: RecordOf<K>): V;
  toBody(values: V, role: Role | null): BodyOf<K>;
  /** The shared body schema, loaded on the first save (zod is not in the first load). */
  schema: LazySchema;
  /** Another schema for some roles (the vendor's reduced screen validates its own fields only). */
  schemaFor?(role: Role | null): LazySchema | undefined;
  /** The list shows cards instead of a table (master-data §2 Customers). */
  display?: 'table' | 'cards';
  /** `?fromCart=true` shows 'Return to Cart' (master-data §2 Vendors). */
  returnToCart?: boolean;
  /** The record's title in the details' heading. */
  recordTitle(record: RecordOf<K>): string;
  messages: { created: string; updated: string };
  /** Extra labels of history fields not in `fields` (e.g. 'version'). */
  historyLabels?: Record<string, string>;
  /** Buttons beside Edit in view mode (e.g. the user's Password Reset Sent). */
  viewActions?(record: RecordOf<K>): ReactNode;
  /** Roles that may not create or open the list (the details are still theirs, e.g. VENDOR). */
  canCreate?: (role: Role | null) => boolean;
  /** The heading of view and edit mode, where the spec words it (master-data §2 Product subcodes). */
  heading?: string;
  /**
   * Where Back, Cancel in create mode and a successful create lead, for an entity reached from
   * another's details (a product item from its subcode); the list route otherwise.
   */
  parent?(params: URLSearchParams, record: RecordOf<K> | undefined): { to: string; label: string };
  /** Create mode needs more than `createMode=true` (an item needs its `subcode`); false → 'Invalid URL params'. */
  createValid?(params: URLSearchParams): boolean;
  /** Values create mode starts from beyond `empty`, taken from the URL (the item's subcode). */
  createValues?(params: URLSearchParams): Partial<V>;
  /** The subtitle in create mode (the item's subcode name). */
  createSubtitle?(params: URLSearchParams): ReactNode;
  /**
   * Runs after a successful create or update with the saved record and the values sent (a subcode's
   * newly chosen image is uploaded then, master-data §4); answers the record to show, or throws.
   */
  afterSave?(record: RecordOf<K>, values: V): Promise<RecordOf<K>>;
  /** Parts below the form outside create mode (a subcode's product items). */
  sections?(ctx: { record: RecordOf<K>; editing: boolean }): ReactNode;
}

/** What an entity's configuration file gives; the rest comes from the registry by `kind`. */
export type EntityOptions<K extends MasterDataScreenKind, V extends object> = Omit<
  EntityConfig<K, V>,
  'singular' | 'plural' | 'listRoute' | 'detailRoute' | 'schema'
> & {
  /** The form's schema; the kind's create body when absent. */
  schema?: LazySchema;
};

/**
 * An entity's configuration, checked against its kind's types: its names and the routes of its
 * screens from the registry (MASTER_DATA; a details screen without a list of its own goes back to
 * the list it belongs to), its form schema the kind's create body unless it names another.
 */
export function defineEntity<K extends MasterDataScreenKind, V extends object>(
  options: EntityOptions<K, V>,
): EntityConfig<K, V> {
  const details = MASTER_DATA_SCREENS.find((s) => s.kind === options.kind && s.page === 'details');
  if (!details) throw new Error(`${options.kind}: the registry gives it no screens`);
  const { singular, plural } = MASTER_DATA[options.kind];
  return {
    schema: lazySchema(options.kind),
    ...options,
    singular,
    plural,
    listRoute: details.section,
    detailRoute: details.route,
  };
}

/** Any configuration, for the generic screens. */
// biome-ignore lint/suspicious/noExplicitAny: the screens work with every entity's values alike.
export type AnyEntityConfig = EntityConfig<EntityKind, any>;
