/// <reference lib="webworker" />
import { GameRecordSchema } from "../../../game/protocol/record";
import { decisionsOf, keyMoments, opinionAt, type DecisionOpinion } from "../../../game/replay/analysis";
import { buildTimeline } from "../../../game/replay/timeline";
import type { AnalysisReply } from "./analysis-protocol";

// The computer's second opinion, off the page's thread (docs/decisions/128-the-computers-second-opinion.md):
// the hard player weighs every decision of the game in turn and the page hears after each one.

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: AnalysisReply) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<unknown>) => {
  const parsed = GameRecordSchema.safeParse(event.data);
  if (!parsed.success) return reply({ type: "failed", error: "not a game record" });
  try {
    const record = parsed.data;
    const hands = buildTimeline(record);
    const decisions = decisionsOf(hands);
    const opinions: DecisionOpinion[] = [];
    reply({ type: "progress", done: 0, total: decisions.length });
    for (const [i, at] of decisions.entries()) {
      const opinion = opinionAt(record, hands, at);
      if (opinion) opinions.push(opinion);
      reply({ type: "progress", done: i + 1, total: decisions.length });
    }
    reply({ type: "done", opinions, keyMoments: keyMoments(opinions) });
  } catch (error) {
    reply({ type: "failed", error: error instanceof Error ? error.message : String(error) });
  }
};
