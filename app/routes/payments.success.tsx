import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AppHeader } from "~/components/app-header";
import { PaymentResult } from "~/components/payments/payment-result";
import type { loader as rootLoader } from "~/root";
import { CheckoutSessionIdSchema } from "~/schemas/payments";
import { requireUser } from "~/services/auth.server";
import { paymentStatus } from "~/services/payments.server";

/** `/payments/success?session_id=…`: where Stripe Checkout sends the player back after paying. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const sessionId = CheckoutSessionIdSchema.safeParse(new URL(request.url).searchParams.get("session_id"));
  return { payment: sessionId.success ? await paymentStatus(context.db, user.id, sessionId.data) : null };
}

export default function PaymentSuccessPage() {
  const { payment } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      {root?.user ? <AppHeader user={root.user} /> : null}
      <main id="main" className="mx-auto flex max-w-5xl flex-col px-3 py-8 sm:px-6 sm:py-14">
        <PaymentResult initial={payment} page="success" />
      </main>
    </>
  );
}
