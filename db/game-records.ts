import { parseRecord, recordKey, type GameRecord } from "../game/protocol/record";

// Finished games' records in R2 (docs/decisions/119-game-records-in-r2.md): one object per game,
// written once by its room when the game ends. D1 keeps the summary; whoever needs a finished
// game's hands or chat reads its record here by key.

/** The game's record, or null when there is none (not ended yet, or ended before records were kept). */
export async function readGameRecord(bucket: R2Bucket, gameId: string): Promise<GameRecord | null> {
  const object = await bucket.get(recordKey(gameId));
  if (!object) return null;
  const record = parseRecord(await object.text());
  if (!record) throw new Error(`The record of game ${gameId} is not a record this release reads`);
  return record;
}
