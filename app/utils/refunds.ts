// Technical refund limits (spec §5, §9; DESIGN.md §5), shared by the refund
// modal and the server.
export const REFUND_REASON_MIN = 10;
export const REFUND_REASON_MAX = 500;
/** A cancelled game can be refunded up to this many days after it ended. */
export const REFUND_WINDOW_DAYS = 7;
