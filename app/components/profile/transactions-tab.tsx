import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CoinIcon, SpinnerIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import type { TransactionEntry } from "~/services/transactions.server";
import { api } from "~/utils/api";
import { formatDateTime, gameTitle, signed } from "~/utils/format";
import { formatInteger } from "~/utils/integer-format";

const PAGE = 30;

/**
 * The Transações tab of spec §2: the player's ledger, newest first: type (and
 * description), date and signed amount, a page at a time. A failed load is
 * only logged and leaves the list empty (spec §8).
 */
export function TransactionsTab() {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<TransactionEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  async function load(before?: number, signal?: AbortSignal) {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (before !== undefined) query.set("before", String(before));
    const result = await api<TransactionEntry[]>(`/api/transactions?${query}`, { signal });
    if (!result.ok) {
      console.warn("Could not load transactions", result.status);
      return [];
    }
    return result.data;
  }

  useEffect(() => {
    const controller = new AbortController();
    load(undefined, controller.signal)
      .then((page) => {
        setItems(page);
        setMore(page.length === PAGE);
      })
      .catch(() => {
        // Aborted: the tab was left.
      });
    return () => controller.abort();
  }, []);

  async function loadMore() {
    if (!items?.length || loadingMore) return;
    setLoadingMore(true);
    const page = await load(items[items.length - 1].id);
    setItems([...items, ...page]);
    setMore(page.length === PAGE);
    setLoadingMore(false);
  }

  if (items === null) {
    return (
      <p className="flex items-center justify-center gap-2 py-10 text-cream-100/75" role="status">
        <SpinnerIcon /> {t("payments:transactionsLoading")}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <div className="felt-panel flex flex-col items-center gap-2 px-4 py-10 text-center">
        <CoinIcon className="h-8 w-8 opacity-60" />
        <p className="font-semibold text-cream-100/85">{t("payments:transactionsEmpty")}</p>
      </div>
    );
  }

  const locale = i18n.language;

  /** The row in the reader's language: its kind, and what it refers to (a game, a coin pack). */
  function describe(item: TransactionEntry): { label: string; detail: string | null } {
    const typeKey = `payments:transactionTypes.${item.transaction_type}`;
    const label = item.details.welcome
      ? t("payments:transactionWelcome")
      : i18n.exists(typeKey)
        ? t(typeKey)
        : item.description || t("payments:transactionOther");
    const { game, pack } = item.details;
    if (game) {
      return { label, detail: `${gameTitle(t, game)} · ${t("payments:transactionRoom", { code: game.game_code })}` };
    }
    if (pack) {
      return {
        label,
        detail:
          pack.bonus > 0
            ? t("payments:transactionPackBonus", { coins: formatInteger(pack.coins, locale), bonus: formatInteger(pack.bonus, locale) })
            : t("payments:transactionPack", { coins: formatInteger(pack.coins, locale) }),
      };
    }
    // Free text only where a person wrote it (an administrator's adjustment).
    // …and a tournament's name (the server's own text).
    const named = item.transaction_type === "admin_adjustment" || item.transaction_type.startsWith("tournament_");
    return { label, detail: named ? item.description : null };
  }

  return (
    <div className="flex flex-col gap-3">
      <ul className="felt-panel divide-y divide-white/10" data-testid="transactions-list">
        {items.map((item) => {
          const { label, detail } = describe(item);
          const positive = item.amount > 0;
          return (
            <li key={item.id} className="flex items-center gap-3 px-4 py-3" data-testid="transaction">
              <span
                aria-hidden
                className={`grid h-9 w-9 shrink-0 place-items-center rounded-full text-lg font-bold ${
                  positive ? "bg-emerald-500/15 text-emerald-300" : "bg-red-500/15 text-red-300"
                }`}
              >
                {positive ? "+" : "−"}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold text-cream-50">{label}</span>
                {detail ? <span className="line-clamp-2 text-xs text-cream-100/70">{detail}</span> : null}
                <time dateTime={item.created_at} className="text-xs text-cream-100/55">
                  {formatDateTime(item.created_at, locale)}
                </time>
              </span>
              <span className={`shrink-0 text-right font-bold tabular-nums ${positive ? "text-emerald-300" : "text-red-300"}`}>
                {signed(item.amount, locale)}
                <span className="sr-only"> {t("common:coins")}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {more ? (
        <Button variant="secondary" onClick={loadMore} disabled={loadingMore} className="self-center">
          {loadingMore ? t("common:loading") : t("payments:transactionsLoadMore")}
        </Button>
      ) : null}
    </div>
  );
}
