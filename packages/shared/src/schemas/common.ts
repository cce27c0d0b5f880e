/** Shapes shared by many calls (DESIGN.md Contract). */
import { z } from 'zod';

/** Every failed call answers this, with a fitting status. */
export const errorResponse = z.object({ message: z.string() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Paging query of every list: pages count from 0. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(500).default(50),
});

/** Paging fields of every list answer. */
export const pagingInfo = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  lastPage: z.boolean(),
  totalItems: z.number().int(),
});
export type PagingInfo = z.infer<typeof pagingInfo>;

/** A money amount: decimal string (never a binary float) with its ISO 4217 currency. */
export const money = z.object({ currency: z.string(), price: z.string() });
export type Money = z.infer<typeof money>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const okResponse = z.object({ message: z.string() });
