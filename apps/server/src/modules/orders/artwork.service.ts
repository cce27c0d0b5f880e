/**
 * Artwork proofing of order lines (ordering §4 Item artwork, §5 Artwork upload, §6, §7 Artwork,
 * §8; decision 0014).
 *
 * - Upload: a new version of the line's artwork, allowed where checkArtworkAction('upload') says
 *   (NEEDS_ARTWORK, not APPROVED, CSR art not prepared). The type is read from the content; size
 *   over MAX_ARTWORK_UPLOAD_MB → 413 'File size can not exceed {n} MB.'. The file is stored under
 *   a key the server makes (never the user's file name), then the version is recorded in one
 *   transaction that re-checks the order's state under its lock (`storeThenCommit`: if that fails the
 *   stored file is removed again, so nothing is half-imported).
 * - Versions never change once written, except the review of the current one; every version stays
 *   downloadable. Reviews (approve/reject, a comment required) go to the newest version; the log
 *   names the item, the decision, the version and its SHA-256.
 */
import {
  ARTWORK_API_MESSAGES,
  type ArtworkReviewBody,
  checkArtworkAction,
  MESSAGES,
  ORDER_MESSAGES,
  type OrderActionResponse,
} from '@selvedge/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { ARTWORK_FILE_TYPES } from '../../platform/fileTypes';
import { newStorageKey } from '../../platform/storage';
import { storeThenCommit } from '../../platform/storedFiles';
import { readUpload } from '../../platform/uploads';
import { orderScope } from '../access/access';
import { artworkRepository } from './artwork.repository';
import type { OrderActions } from './orders.actions';
import { asStatus } from './orders.readModel';
import { workflowActor } from './orders.views';
import { idOf, orderIdOf } from './orders.workflow';
import { orderWorkflowRepository } from './orders.workflow.repository';

/** A file to send: its stream and headers. */
export interface FileAnswer {
  stream: NodeJS.ReadableStream;
  size: number;
  contentType: string;
  fileName: string;
}

export function createArtworkService(ctx: AppContext, actions: OrderActions) {
  const { db, storage } = ctx;
  const { workflow } = actions;

  /** The order (in scope) and its line, read without a lock (pre-checks and downloads). */
  async function find(user: AuthUser, idText: string, itemText: string) {
    const orderId = orderIdOf(idText);
    const itemId = idOf(itemText, ARTWORK_API_MESSAGES.itemNotFound);
    const row = await orderWorkflowRepository.findOrder(db, orderId, orderScope(user));
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    const item = await artworkRepository.findItem(db, orderId, itemId);
    if (!item) throw notFound(ARTWORK_API_MESSAGES.itemNotFound);
    return { row, item, orderId, itemId };
  }

  const artworkOf = (item: { artworkStatus: string | null; artworkFinalized: boolean }) =>
    item.artworkStatus == null
      ? null
      : {
          status: item.artworkStatus as 'NEEDS_UPLOAD' | 'UPLOADED' | 'REJECTED' | 'APPROVED',
          artworkFinalized: item.artworkFinalized,
        };

  return {
    /** POST /orders/{id}/artwork/{itemId} (multipart field `artwork`): a new version. */
    async upload(
      user: AuthUser,
      idText: string,
      itemText: string,
      req: FastifyRequest,
    ): Promise<OrderActionResponse> {
      const { row, item, orderId, itemId } = await find(user, idText, itemText);
      const actor = workflowActor(user, row.vendorId);
      const pre = checkArtworkAction(
        'upload',
        { ...row, orderStatus: asStatus(row.orderStatus) },
        artworkOf(item),
        actor,
      );
      if (!pre.ok) throw new AppError(pre.status, pre.message);

      const file = await readUpload(req, { field: 'artwork', accepted: ARTWORK_FILE_TYPES });
      const key = newStorageKey(`artwork/${orderId}/${itemId}`);
      await storeThenCommit(ctx, { key, body: file.buffer, contentType: file.mime }, async (tx) => {
        const locked = await workflow.lock(tx, user, orderId);
        const current = await artworkRepository.findItem(tx, orderId, itemId);
        const check = checkArtworkAction(
          'upload',
          locked.workflow,
          current ? artworkOf(current) : null,
          actor,
        );
        if (!check.ok) throw new AppError(check.status, check.message);
        const latest = await artworkRepository.latestArtworkVersion(tx, itemId);
        const version = (latest?.version ?? 0) + 1;
        await artworkRepository.insertArtworkVersion(tx, {
          orderItemId: itemId,
          version,
          fileName: file.fileName,
          storagePath: key,
          contentType: file.mime,
          size: file.size,
          sha256: file.sha256,
          uploadedBy: user.id,
          uploadedByName: user.name,
        });
        await artworkRepository.updateItem(tx, itemId, {
          artworkStatus: 'UPLOADED',
          artworkName: file.fileName,
          artworkComments: null,
        });
        await workflow.log(
          tx,
          user,
          orderId,
          `Artwork uploaded for ${item.productSubcode}: version ${version}, ${file.fileName} (SHA-256 ${file.sha256})`,
        );
        await workflow.changed(tx, user, locked.row, 'artworkUploaded');
      });
      return actions.answer(user, orderId, MESSAGES.artworkUploaded);
    },

    /** PUT /orders/{id}/artwork/{itemId}: approve or reject the newest version, with a comment. */
    async review(
      user: AuthUser,
      idText: string,
      itemText: string,
      body: ArtworkReviewBody,
    ): Promise<OrderActionResponse> {
      const orderId = orderIdOf(idText);
      const itemId = idOf(itemText, ARTWORK_API_MESSAGES.itemNotFound);
      await db.transaction(async (tx) => {
        const locked = await workflow.lock(tx, user, orderId);
        const item = await artworkRepository.findItem(tx, orderId, itemId);
        if (!item) throw notFound(ARTWORK_API_MESSAGES.itemNotFound);
        const check = checkArtworkAction(
          'review',
          locked.workflow,
          artworkOf(item),
          workflowActor(user, locked.row.vendorId),
        );
        if (!check.ok) throw new AppError(check.status, check.message);
        const latest = await artworkRepository.latestArtworkVersion(tx, itemId);
        if (!latest) throw new AppError(409, ARTWORK_API_MESSAGES.noArtworkYet);
        const status = body.approved ? 'APPROVED' : 'REJECTED';
        await artworkRepository.reviewArtworkVersion(tx, latest.id, {
          status,
          comment: body.comment,
          reviewedBy: user.id,
          reviewedByName: user.name,
        });
        await artworkRepository.updateItem(tx, itemId, {
          artworkStatus: status,
          artworkComments: body.comment,
        });
        await workflow.log(
          tx,
          user,
          orderId,
          `Artwork of ${item.productSubcode} ${body.approved ? 'approved' : 'rejected'} (version ${latest.version}, SHA-256 ${latest.sha256}): ${body.comment}`,
        );
        await workflow.changed(tx, user, locked.row, 'artworkReviewed');
      });
      return actions.answer(user, orderId, ARTWORK_API_MESSAGES.reviewSaved);
    },

    /** GET /orders/{id}/artwork/{itemId}[/versions/{versionId}]: the newest (or a given) version's file. */
    async download(
      user: AuthUser,
      idText: string,
      itemText: string,
      versionText?: string,
    ): Promise<FileAnswer> {
      const { itemId } = await find(user, idText, itemText);
      const version =
        versionText === undefined
          ? await artworkRepository.latestArtworkVersion(db, itemId)
          : await artworkRepository.artworkVersion(
              db,
              itemId,
              idOf(versionText, ARTWORK_API_MESSAGES.versionNotFound),
            );
      if (!version)
        throw notFound(
          versionText === undefined
            ? ARTWORK_API_MESSAGES.noArtworkYet
            : ARTWORK_API_MESSAGES.versionNotFound,
        );
      const file = await storage.get(version.storagePath);
      return {
        stream: file.stream,
        size: file.size,
        contentType: version.contentType,
        fileName: version.fileName,
      };
    },
  };
}
