/**
 * Product images of subcodes (master-data §4: "a newly chosen image is uploaded after the save";
 * §7 Subcode image upload; ordering §7 GET /common/product-image/{path}).
 *
 * The upload's type is read from its content (PNG, JPEG, WebP, TIFF or GIF), then sharp decodes it —
 * a file that only looks like an image is refused — and writes what the screens show: the image
 * turned upright, at most 800 × 800 pixels, as PNG when it has transparency, else JPEG, metadata
 * dropped. That file goes to storage (local or S3) under `product-images/`; the subcode keeps its
 * path and type. The upload does not raise the subcode's version (the image is not a field of the
 * form being edited) but writes a history row.
 */
import { randomUUID } from 'node:crypto';
import { MASTER_DATA_MESSAGES, type ProductImage, UPLOAD_MESSAGES } from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { writeHistory } from '../../platform/crud';
import { productSubcodes } from '../../platform/db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { AcceptedFileTypes } from '../../platform/fileTypes';
import type { FileReply } from '../../platform/http';
import { StorageNotFoundError } from '../../platform/storage';
import { storeThenCommit } from '../../platform/storedFiles';
import { readUpload } from '../../platform/uploads';

export const PRODUCT_IMAGE_FIELD = 'productImage';
/** Longest side of a stored product image, in pixels. */
export const PRODUCT_IMAGE_MAX_SIDE = 800;
/** Images larger than this many pixels are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;
/** The storage folder of product images; the subcode keeps the path below it. */
export const PRODUCT_IMAGE_PREFIX = 'product-images';

export const PRODUCT_IMAGE_FILE_TYPES: AcceptedFileTypes = {
  subject: 'product images',
  label: 'PNG, JPEG, WebP, TIFF or GIF',
  types: [
    { mime: 'image/png', ext: 'png' },
    { mime: 'image/jpeg', ext: 'jpg' },
    { mime: 'image/webp', ext: 'webp' },
    { mime: 'image/tiff', ext: 'tif' },
    { mime: 'image/gif', ext: 'gif' },
  ],
};

/** A path as stored and served: `<subcode id>-<uuid>.png|jpg`, one segment, nothing else. */
const PATH_PATTERN = /^\d{1,10}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

/** The display image made from an upload: upright, within 800 × 800, PNG if transparent else JPEG. */
export async function makeDisplayImage(
  input: Buffer,
): Promise<{ buffer: Buffer; mime: string; ext: string }> {
  // sharp (libvips) loads with the first image, not at start (RSS; decision 0024).
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const resized = image
      .rotate()
      .resize(PRODUCT_IMAGE_MAX_SIDE, PRODUCT_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (meta.hasAlpha)
      return { buffer: await resized.png({ compressionLevel: 9 }).toBuffer(), mime: 'image/png', ext: 'png' };
    return {
      buffer: await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
      mime: 'image/jpeg',
      ext: 'jpg',
    };
  } catch {
    throw badRequest(UPLOAD_MESSAGES.notAnImage, PRODUCT_IMAGE_FIELD);
  }
}

export function createProductImageService(ctx: AppContext) {
  const { db, storage } = ctx;
  return {
    /** Stores a new image for the subcode and answers it. */
    async upload(req: FastifyRequest, user: AuthUser, subcodeId: number): Promise<ProductImage> {
      const [subcode] = await db
        .select({ id: productSubcodes.id })
        .from(productSubcodes)
        .where(eq(productSubcodes.id, subcodeId));
      if (!subcode) throw notFound(MASTER_DATA_MESSAGES.notFound('Product subcode'));
      const file = await readUpload(req, { field: PRODUCT_IMAGE_FIELD, accepted: PRODUCT_IMAGE_FILE_TYPES });
      const image = await makeDisplayImage(file.buffer);
      const path = `${subcodeId}-${randomUUID()}.${image.ext}`;
      const stored = { key: `${PRODUCT_IMAGE_PREFIX}/${path}`, body: image.buffer, contentType: image.mime };
      await storeThenCommit(ctx, stored, async (tx, files) => {
        const [before] = await tx
          .select({
            path: productSubcodes.productImagePath,
            type: productSubcodes.productImageType,
            version: productSubcodes.version,
          })
          .from(productSubcodes)
          .where(eq(productSubcodes.id, subcodeId))
          .for('update');
        if (!before) throw notFound(MASTER_DATA_MESSAGES.notFound('Product subcode'));
        await tx
          .update(productSubcodes)
          .set({ productImagePath: path, productImageType: image.mime })
          .where(eq(productSubcodes.id, subcodeId));
        await writeHistory(tx, {
          entity: 'productSubcode',
          entityId: subcodeId,
          action: 'UPDATE',
          version: before.version,
          user,
          changes: [
            {
              field: 'productImage',
              before: before.path ? { path: before.path, type: before.type ?? '' } : null,
              after: { path, type: image.mime },
            },
          ],
        });
        // The replaced image goes once the new one is committed: no orphan, no stale old path.
        if (before.path) files.deleteAfterCommit(`${PRODUCT_IMAGE_PREFIX}/${before.path}`);
      });
      return { path, type: image.mime };
    },

    /** The stored image at `path` (404 for anything else). */
    async read(path: string): Promise<FileReply> {
      if (!PATH_PATTERN.test(path)) throw notFound(UPLOAD_MESSAGES.imageNotFound);
      try {
        const file = await storage.get(`${PRODUCT_IMAGE_PREFIX}/${path}`);
        return {
          stream: file.stream,
          size: file.size,
          contentType: path.endsWith('.png') ? 'image/png' : 'image/jpeg',
          fileName: path,
        };
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw notFound(UPLOAD_MESSAGES.imageNotFound);
        throw err;
      }
    },
  };
}
