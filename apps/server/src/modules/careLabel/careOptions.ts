/**
 * Care-label options (master-data §2 Care labels page Options tab, §3 Care code, Care instruction,
 * §7; decision 0041): each option kind is a registry kind run by the crud kit over the one
 * care_options table, scoped by `kind` — GET/POST /care-label/options/{kind}, GET/PUT/DELETE
 * /care-label/options/{kind}/{id}. Duplicates within a kind answer 409; an option in a list cannot
 * be deleted (409 "in use") but can be renamed; every change is in the history.
 */
import type {
  CARE_OPTION_REGISTRY,
  CareNameOptionKind,
  CareNameOptionRecord,
  CareOptionKind,
} from '@selvedge/shared';
import { type CrudConfig, type CrudConfigOf, simpleStore } from '../../platform/crud';
import { careOptions } from '../../platform/db/schema';

const t = careOptions;
const base = (kind: CareOptionKind) => ({
  table: t,
  id: t.id,
  version: t.version,
  filters: {},
  scope: { column: t.kind, value: kind },
});

type NameKind = (typeof CARE_OPTION_REGISTRY)[CareNameOptionKind];

/** A name-only option kind: ordered by name, unique by name within the kind. */
function nameOption<K extends NameKind>(kind: CareNameOptionKind): CrudConfigOf<K> {
  const config: CrudConfig<
    CareNameOptionRecord,
    { name: string },
    { name: string; version: number },
    object
  > = {
    store: simpleStore({ ...base(kind), columns: { name: t.name }, orderBy: t.name }),
  };
  // Every name kind's record, bodies and query are the shapes above (namedCareOption of the schemas).
  return config as unknown as CrudConfigOf<K>;
}

/** The crud configuration of each care option kind (MASTER_DATA_CRUDS takes them). */
export const CARE_OPTION_CRUDS = {
  careCountryOfOrigin: nameOption<'careCountryOfOrigin'>('country-of-origin'),
  careCautionMaintenance: nameOption<'careCautionMaintenance'>('caution-maintenance'),
  careSpecialInstruction: nameOption<'careSpecialInstruction'>('special-instruction'),
  careComponentType: nameOption<'careComponentType'>('component-type'),
  careMaterial: nameOption<'careMaterial'>('material'),
  careCode: {
    store: simpleStore({ ...base('care-code'), columns: { code: t.code, text: t.text }, orderBy: t.code }),
  },
  careInstruction: {
    store: simpleStore({
      ...base('care-instruction'),
      columns: { type: t.type, displayName: t.displayName, icon: t.icon, sortKey: t.sortKey },
      // Sorted by number: the sort key is numeric (master-data §3).
      orderBy: [t.type, t.sortKey, t.displayName],
    }),
  },
} satisfies { [K in (typeof CARE_OPTION_REGISTRY)[CareOptionKind]]: CrudConfigOf<K> };
