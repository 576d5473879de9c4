import { z } from "zod";
import { PLAN_TYPES } from "~/utils/catalog";
import { REFUND_REASON_MAX, REFUND_REASON_MIN } from "~/utils/refunds";

// Request bodies of the payment, reward and refund endpoints (spec §7).
// Amounts are integer cents; whether they match the price is the server's
// business (the catalogue), not the schema's.

const Cents = z.number().int().min(0).max(10_000_000);

export const CoinPurchaseSchema = z.object({
  pack_id: z.number().int(),
  amount: Cents,
});
export type CoinPurchase = z.infer<typeof CoinPurchaseSchema>;

export const PremiumPurchaseSchema = z.object({
  plan_type: z.string().max(32),
  amount: Cents,
});
export type PremiumPurchase = z.infer<typeof PremiumPurchaseSchema>;

export { PLAN_TYPES };

export const RefundRequestSchema = z.object({
  game_session_id: z.string().trim().min(1).max(64),
  reason: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().min(REFUND_REASON_MIN).max(REFUND_REASON_MAX)),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const TransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.coerce.number().int().positive().optional(),
});

/** Checkout Session ids as Stripe (and the emulator) issue them. */
export const CheckoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{8,250}$/);
