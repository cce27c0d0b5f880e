/**
 * The SQL fragment of a customer's care-label configuration that the careLabel module lends to
 * other modules' statements (docs/decisions/0060-one-access-layer.md): placing puts
 * customerCareConfigSql into its lock's statement (decision 0031: no extra round trip), so the
 * configuration is read in the same snapshot as the locked cart. careConfig.repository.ts reads it
 * on its own. Only repositories import this file.
 */
import { CARE_INSTRUCTION_TYPES, type CustomerCareConfig } from '@selvedge/shared';
import { Column, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../platform/db/compiled';
import { careListItems, careOptions, customers } from '../../platform/db/schema';

// The aliases are prefixed so the fragment can sit inside any outer statement without its names
// capturing (or being captured by) the outer query's.
const TYPE_ORDER = sql.raw(`array[${CARE_INSTRUCTION_TYPES.map((t) => `'${t}'`).join(',')}]`);

/** The options (as JSON built by `object`) of the list in column `listColumn` of care_c, optionally of one kind. */
const membersOf = (listColumn: string, object: SQL, order: SQL, optionKind?: string) => sql`(
    select coalesce(json_agg(${object} order by ${order}), '[]')
    from ${careListItems} care_i join ${careOptions} care_o on care_o.id = care_i.option_id
    where care_i.list_id = care_c.${sql.identifier(listColumn)}${
      optionKind ? sql` and care_i.option_kind = ${sql.raw(`'${optionKind}'`)}` : sql``
    })`;

const named = (listColumn: string, optionKind?: string) =>
  membersOf(
    listColumn,
    sql`json_build_object('id', care_o.id, 'name', care_o.name)`,
    sql`care_o.name, care_o.id`,
    optionKind,
  );

/**
 * A scalar subquery answering the CustomerCareConfig (as json) of the customer whose id is
 * `customerId` (a column of the outer statement, e.g. orders.customer_id), or null when there is no
 * such customer. It has no parameters, so it can sit inside a compiled statement (decision 0026):
 * `select …, ${customerCareConfigSql(orders.customerId)} as "careConfig" from orders … for update`.
 * Options come sorted by name (care codes by code, care instructions by ISO 3758 type, sort key, name).
 */
export function customerCareConfigSql(customerId: AnyPgColumn | SQL): SQL<CustomerCareConfig | null> {
  const id = is(customerId, Column) ? qualified(customerId) : customerId;
  return sql<CustomerCareConfig | null>`(
    select json_build_object(
      'customerId', care_c.id,
      'countriesOfOrigin', ${named('country_of_origin_list_id')},
      'cautionMaintenance', ${named('caution_maintenance_list_id')},
      'specialInstructions', ${named('special_instructions_list_id')},
      'componentTypes', ${named('fabric_composition_list_id', 'component-type')},
      'materials', ${named('fabric_composition_list_id', 'material')},
      'careInstructions', ${membersOf(
        'care_instruction_list_id',
        sql`json_build_object('id', care_o.id, 'type', care_o.type, 'displayName', care_o.display_name,
          'icon', care_o.icon, 'sortKey', care_o.sort_key)`,
        sql`array_position(${TYPE_ORDER}, care_o.type), care_o.sort_key, care_o.display_name, care_o.id`,
      )},
      'careCodes', ${membersOf(
        'care_code_list_id',
        sql`json_build_object('id', care_o.id, 'code', care_o.code, 'text', care_o.text)`,
        sql`care_o.code, care_o.id`,
      )},
      'specialInstructionsLimit', care_c.special_instructions_limit,
      'copyrightShow', care_c.copyright_show,
      'fabricCompositionShow', care_c.fabric_composition_show,
      'countryOfOriginRequired', care_c.country_of_origin_required,
      'specialInstructionsRequired', care_c.special_instructions_required,
      'markets', to_json(care_c.markets),
      'caNumber', care_c.ca_number,
      'rnNumber', care_c.rn_number)
    from ${customers} care_c where care_c.id = ${id})`;
}
