import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { processorRunLogs, processorRuns, processorSends, type StoredNodeRun } from '../../db/schema';
import type { ProcessorDeps } from './engine';

/** What redacted data reads as. */
export const REDACTED = { redacted: true } as const;
const BATCH = 200;

/** Every hour: the data of runs that finished more than the retention ago is redacted. */
export const PROCESSOR_REDACT = defineJob({
  name: 'processor.redact',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600 },
  schedule: { cron: '17 * * * *', data: {} },
  run: async (_data, deps: ProcessorDeps) => {
    await redactExpiredRuns(deps);
  },
});

/** A node's record with its input and output replaced by the marker; its try, times and error stay. */
function redactNode(node: StoredNodeRun): StoredNodeRun {
  return { ...node, input: { ...REDACTED }, ...(node.output !== undefined ? { output: { ...REDACTED } } : {}) };
}

/**
 * Redacts the runs that finished before now minus `runRetentionDays` (they may carry health data):
 * their init_data, each node's input and output, their log entries' details (but the node they
 * name) and what their sending nodes recorded (recipients) become `{ redacted: true }`. The run
 * keeps its status, version, nodes with their tries and times, failed node and reason. Runs still
 * queued or running are left until they finish. Answers how many runs it redacted.
 */
export async function redactExpiredRuns(deps: Pick<ProcessorDeps, 'db' | 'clock' | 'runRetentionDays'>): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.runRetentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: processorRuns.id, nodes: processorRuns.nodes })
        .from(processorRuns)
        .where(and(isNull(processorRuns.redactedAt), lt(processorRuns.finishedAt, cutoff)))
        .orderBy(asc(processorRuns.finishedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      for (const run of due) {
        const nodes = Object.fromEntries(Object.entries(run.nodes).map(([id, node]) => [id, redactNode(node)]));
        await tx.update(processorRuns).set({ initData: { ...REDACTED }, nodes, redactedAt: now }).where(sql`${processorRuns.id} = ${run.id}`);
      }
      const ids = due.map((run) => run.id);
      await tx
        .update(processorRunLogs)
        .set({ details: sql`CASE WHEN ${processorRunLogs.details} ? 'node' THEN jsonb_build_object('node', ${processorRunLogs.details}->'node', 'redacted', true) ELSE '{"redacted":true}'::jsonb END` })
        .where(and(inArray(processorRunLogs.runId, ids), sql`${processorRunLogs.details} IS NOT NULL`));
      await tx.update(processorSends).set({ result: { ...REDACTED } }).where(inArray(processorSends.runId, ids));
      return due.length;
    });
    total += count;
    if (count < BATCH) return total;
  }
}
