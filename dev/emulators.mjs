// The local sign-in and payment emulators, started together: the one start-up that `npm start`,
// `npm run dev` and the Worker tests' global setup share (the browser tests and the bench come in
// through `npm start`). Both listen before this answers, so their URLs are final and each answers
// requests (a port of 0 picks a free one); `close` stops both. Each emulator's own file also runs
// it alone (`runAlone` in emulator-http.mjs).
import { startAuthEmulator } from "./auth-emulator/server.mjs";
import { startFailure } from "./emulator-http.mjs";
import { DEFAULT_WEBHOOK_SECRET, startPaymentEmulator } from "./payment-emulator/server.mjs";

export { DEFAULT_WEBHOOK_SECRET };

/**
 * Starts the sign-in emulator for `appOrigins` and, unless `payments` is false (a real Stripe key
 * is configured), the payment emulator, whose signed webhooks go to `appUrl`. `log(which, line)`
 * gets each emulator's lines ("auth" or "payments"). If either cannot start, neither is left running.
 *
 * @param {object} options
 * @param {number} [options.authPort=8790] 0 picks a free port.
 * @param {number} [options.paymentPort=8791] 0 picks a free port.
 * @param {string[]} options.appOrigins the app's origins the sign-in emulator redirects back to.
 * @param {string} options.appUrl where the payment emulator sends its webhooks.
 * @param {boolean} [options.payments=true] false: no payment emulator.
 * @param {string} [options.webhookSecret] the secret the webhooks are signed with.
 * @param {string} [options.keysFile] where the sign-in emulator keeps its signing keys (none: new ones each start).
 * @param {(which: "auth" | "payments", line: string) => void} [options.log]
 * @returns {Promise<{ auth: { issuer: string, close(): Promise<void> }, payments: { url: string, webhookUrl: string, close(): Promise<void> } | null, close(): Promise<void> }>}
 */
export async function startEmulators({
  authPort = 8790,
  paymentPort = 8791,
  appOrigins,
  appUrl,
  payments = true,
  webhookSecret = DEFAULT_WEBHOOK_SECRET,
  keysFile,
  log = (which, line) => console.log(`[${which === "auth" ? "sign-in" : "payments"}] ${line}`),
}) {
  const auth = await startAuthEmulator({ port: authPort, appOrigins, keysFile, log: (line) => log("auth", line) }).catch((error) => {
    throw new Error(startFailure("Sign-in emulator", authPort, "AUTH_EMULATOR_PORT", error));
  });
  let payment = null;
  if (payments) {
    try {
      payment = await startPaymentEmulator({ port: paymentPort, appUrl, webhookSecret, log: (line) => log("payments", line) });
    } catch (error) {
      await auth.close().catch(() => {});
      throw new Error(startFailure("Payment emulator", paymentPort, "PAYMENT_EMULATOR_PORT", error));
    }
  }
  return {
    auth,
    payments: payment,
    close: () => Promise.allSettled([auth.close(), payment?.close()]).then(() => undefined),
  };
}
