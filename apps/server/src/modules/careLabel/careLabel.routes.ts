/**
 * The care-label list calls (master-data §7; decision 0041). Thin: contract, permission (ADMIN:
 * `masterData`), service. The option calls (/care-label/options/{kind}) are registry kinds of the
 * crud kit (masterData.routes.ts, careOptions.ts).
 */
import {
  CARE_LIST_PATHS,
  type CareListKind,
  type CareOptionKind,
  careListBody,
  careListIdParams,
  careListItemParams,
  careListItemsResponse,
  careListParams,
  careListRecord,
  careListsResponse,
  errorResponse,
  fabricListItemParams,
} from '@selvedge/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { createCareListsService } from './careLists.service';

export const careLabelRoutes: ApiModule = (app, ctx) => {
  const lists = createCareListsService(ctx.db);
  const tags = ['care labels'];
  const config = { permission: 'masterData' as const };
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
  const missing = { 404: errorResponse };

  app.get(
    CARE_LIST_PATHS.lists,
    {
      config,
      schema: {
        tags,
        summary: 'The named lists of a kind, by name',
        params: careListParams,
        response: { 200: careListsResponse, ...errors },
      },
    },
    async (req) => ({ listContent: await lists.lists(req.params.kind) }),
  );

  app.post(
    CARE_LIST_PATHS.lists,
    {
      config,
      schema: {
        tags,
        summary: 'Add a list of a kind; answers 201 with the list and its new id (409 for a duplicate name)',
        params: careListParams,
        body: careListBody,
        response: { 201: careListRecord, ...errors, 409: errorResponse },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await lists.add(currentUser(req), req.params.kind, req.body.name)),
  );

  app.put(
    CARE_LIST_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary: 'Rename a list (409 for a duplicate name)',
        params: careListIdParams,
        body: careListBody,
        response: { 200: careListRecord, ...errors, ...missing, 409: errorResponse },
      },
    },
    async (req) => lists.rename(currentUser(req), req.params.kind, req.params.listId, req.body.name),
  );

  app.delete(
    CARE_LIST_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary: "Remove a list and its items; answers 204 (409 while a customer's settings choose it)",
        params: careListIdParams,
        response: { 204: z.null(), ...errors, ...missing, 409: errorResponse },
      },
    },
    async (req, reply) => {
      await lists.remove(currentUser(req), req.params.kind, req.params.listId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    CARE_LIST_PATHS.items,
    {
      config,
      schema: {
        tags,
        summary:
          "A list's items by kind: refs; codes (care-code); componentTypes and materials (fabric-composition); washOptions, bleachOptions, dryOptions, ironOptions, dryCleanOptions (care-instruction)",
        params: careListIdParams,
        response: { 200: careListItemsResponse, ...errors, ...missing },
      },
    },
    async (req) => lists.items(req.params.kind, req.params.listId),
  );

  /** POST (add) and DELETE (remove) of one member, each answering 204. */
  const memberRoutes = (
    path: string,
    params: z.ZodType<{ listId: number; optionId: number; kind?: CareListKind }>,
    what: string,
    fixed?: { kind: CareListKind; memberKinds: readonly CareOptionKind[] },
  ) => {
    const target = (p: { listId: number; optionId: number; kind?: CareListKind }) => ({
      kind: fixed?.kind ?? (p.kind as CareListKind),
      memberKinds: fixed?.memberKinds,
    });
    app.post(
      path,
      {
        config,
        schema: {
          tags,
          summary: `Add ${what} to the list; answers 204 (409 when it is there already)`,
          params,
          response: { 204: z.null(), ...errors, ...missing, 409: errorResponse },
        },
      },
      async (req, reply) => {
        const p = req.params as { listId: number; optionId: number; kind?: CareListKind };
        const { kind, memberKinds } = target(p);
        await lists.addItem(currentUser(req), kind, p.listId, p.optionId, memberKinds);
        return reply.code(204).send(null);
      },
    );
    app.delete(
      path,
      {
        config,
        schema: {
          tags,
          summary: `Remove ${what} from the list; answers 204`,
          params,
          response: { 204: z.null(), ...errors, ...missing },
        },
      },
      async (req, reply) => {
        const p = req.params as { listId: number; optionId: number; kind?: CareListKind };
        const { kind, memberKinds } = target(p);
        await lists.removeItem(currentUser(req), kind, p.listId, p.optionId, memberKinds);
        return reply.code(204).send(null);
      },
    );
  };
  memberRoutes(
    CARE_LIST_PATHS.item,
    careListItemParams,
    'an option of the list’s kind (of a fabric composition list: a component type or a material)',
  );
  memberRoutes(CARE_LIST_PATHS.fabricComponentType, fabricListItemParams, 'a component type', {
    kind: 'fabric-composition',
    memberKinds: ['component-type'],
  });
  memberRoutes(CARE_LIST_PATHS.fabricMaterial, fabricListItemParams, 'a material', {
    kind: 'fabric-composition',
    memberKinds: ['material'],
  });
};
