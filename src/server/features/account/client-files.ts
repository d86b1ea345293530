import type { AppContext } from '../../context';

/**
 * SEAM for the merger (issue 14 item 1, photos): a deleted client's files go here. Once the photo
 * storage exists in AppContext, this calls `ctx.storage.removeAllFor(client_id)`. It runs after
 * the deletion's transaction commits (files are not transactional); a failure is logged without
 * personal data and the rows stay deleted.
 */
export async function eraseClientFiles({ ctx, client_id }: { ctx: AppContext; client_id: string }) {
  void ctx;
  void client_id;
}
