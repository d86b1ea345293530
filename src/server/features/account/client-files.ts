import type { AppContext } from '../../context';
import { describeError } from '../../lib/logger';

/**
 * A deleted client's files (their photos, issue 14) leave the storage provider. It runs after the
 * deletion's transaction commits (files are not transactional); a failure is logged without
 * personal data and the rows stay deleted.
 */
export async function eraseClientFiles({ ctx, client_id }: { ctx: AppContext; client_id: string }) {
  try {
    await ctx.storage.removeAllFor(client_id);
  } catch (error) {
    ctx.logger.error({ ...describeError(error) }, "Removing a deleted account's files failed");
  }
}
