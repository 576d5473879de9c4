import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VARIANTS } from "../../../game/truco/variant-list";
import { verifyHand, verifyRecord, type Digest } from "../../../game/replay/verify";
import { webCryptoDigest } from "../../../app/components/replay/web-crypto";
import type { GameRecord, RecordHand } from "../../../game/protocol/record";
import { randomRecord } from "./records";

// "Baralho verificado": the browser's check of every recorded hand (commitment, re-deal from the
// seed with the engine's own code, the cards played, the result) accepts what the engine dealt and
// played, and refuses a record with one card, the vira or the seed changed.

const nodeDigest: Digest = async (text) => createHash("sha256").update(text).digest("hex");

function withHand(record: GameRecord, index: number, hand: RecordHand): GameRecord {
  return { ...record, hands: record.hands.map((h, i) => (i === index ? hand : h)) };
}

describe("deal verification", () => {
  it("uses the same SHA-256 as the engine's commitments (Web Crypto)", async () => {
    const record = randomRecord("webcrypto", "paulista", 2);
    const hand = record.hands[0];
    expect(await webCryptoDigest(hand.seed!)).toBe(hand.commitment);
  });

  it("accepts every recorded hand of random matches in every variant, 1v1 and 2v2", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(...VARIANTS),
        fc.constantFrom(2 as const, 4 as const),
        async (seed, variant, seats) => {
          const record = randomRecord(seed, variant, seats);
          const checks = await verifyRecord(record, nodeDigest);
          expect(checks.map((c) => c.status)).toEqual(record.hands.map(() => "verified"));
          expect(checks.every((c) => c.checks.cards && c.checks.vira !== false && c.checks.plays && c.checks.result)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("refuses a hand with one dealt card, a played card, the vira or the seed changed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(2 as const, 4 as const), async (seed, seats) => {
        const record = randomRecord(seed, "paulista", seats);
        const index = record.hands.length - 1;
        const hand = record.hands[index];
        const [first] = Object.keys(hand.deal!.dealt);
        const dealt = hand.deal!.dealt[first];
        // A card nobody was dealt (and not the vira) takes the place of one the seed gave.
        const inPlay = new Set([...Object.values(hand.deal!.dealt).flat(), hand.deal!.vira]);
        const outsider = ["4c", "5c", "6c", "7c", "Qc", "Jc", "Kc", "Ac", "2c", "3c", "4h", "5h", "6h", "7h", "Qh", "Jh", "Kh", "Ah"].find(
          (c) => !inPlay.has(c),
        )!;

        const oneCard = { ...hand, deal: { ...hand.deal!, dealt: { ...hand.deal!.dealt, [first]: [outsider, ...dealt.slice(1)] } } };
        const card = await verifyHand(withHand(record, index, oneCard), oneCard, nodeDigest);
        expect(card).toMatchObject({ status: "failed", checks: { cards: false } });

        const vira = { ...hand, deal: { ...hand.deal!, vira: outsider } };
        expect(await verifyHand(withHand(record, index, vira), vira, nodeDigest)).toMatchObject({
          status: "failed",
          checks: { vira: false },
        });

        const played = hand.actions.findIndex((a) => a.action.type === "play_card");
        if (played >= 0) {
          const actions = hand.actions.map((a, i) =>
            i === played ? { ...a, action: { type: "play_card" as const, cardId: outsider } } : a,
          );
          const swapped = { ...hand, actions };
          expect(await verifyHand(withHand(record, index, swapped), swapped, nodeDigest)).toMatchObject({
            status: "failed",
            checks: { plays: false },
          });
        }

        const reseeded = { ...hand, seed: "0".repeat(32) };
        expect(await verifyHand(withHand(record, index, reseeded), reseeded, nodeDigest)).toMatchObject({
          status: "failed",
          checks: { commitment: false },
        });
        // A new seed with its own commitment still fails: it deals other cards than those recorded.
        const other = "f".repeat(32);
        const recommitted = { ...hand, seed: other, commitment: await nodeDigest(other) };
        expect(await verifyHand(withHand(record, index, recommitted), recommitted, nodeDigest)).toMatchObject({ status: "failed" });
      }),
      { numRuns: 20 },
    );
  });

  it("checks only the commitment of a hand rebuilt from rows kept before records (no dealer, no scores)", async () => {
    const record = randomRecord("migrated", "mineiro", 2);
    const hand = { ...record.hands[0], dealer: null, scoresBefore: null, deal: undefined };
    expect(await verifyHand(record, hand, nodeDigest)).toMatchObject({ status: "commitment_only", checks: { commitment: true } });
    expect(await verifyHand(record, { ...hand, seed: null }, nodeDigest)).toMatchObject({ status: "unrevealed" });
  });
});
