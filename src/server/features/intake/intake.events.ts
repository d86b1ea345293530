import type { AppContext } from '../../context';

/** Emitted after the transaction that completes an intake commits (the notes are stored by then). */
export interface IntakeCompletedEvent {
  session_id: string;
  client_id: string;
  matchmaker_id: string;
  completed_at: Date;
}
export type IntakeCompletedListener = (event: IntakeCompletedEvent, ctx: AppContext) => void | Promise<void>;

// Listeners per app (per context), so two apps in one process (tests) do not hear each other.
const listeners = new WeakMap<AppContext, IntakeCompletedListener[]>();

/**
 * Subscribes to completed intakes (the trait tagger of issue 15 listens here). A listener runs
 * after the commit; its failure is logged and does not undo the completion.
 */
export function onIntakeCompleted({
  ctx,
  listener,
}: {
  ctx: AppContext;
  listener: IntakeCompletedListener;
}): () => void {
  const list = listeners.get(ctx) ?? [];
  list.push(listener);
  listeners.set(ctx, list);
  return () => {
    const at = list.indexOf(listener);
    if (at >= 0) list.splice(at, 1);
  };
}

export function emitIntakeCompleted({ ctx, event }: { ctx: AppContext; event: IntakeCompletedEvent }): void {
  for (const listener of listeners.get(ctx) ?? []) {
    Promise.resolve()
      .then(() => listener(event, ctx))
      .catch((error: unknown) =>
        ctx.logger.error(
          { session_id: event.session_id, error_type: (error as Error)?.name },
          'intake.completed listener failed',
        ),
      );
  }
}
