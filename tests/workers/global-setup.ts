import type { TestProject } from "vitest/node";
// @ts-ignore: plain ES module without types.
import { startAuthEmulator } from "../../dev/auth-emulator/server.mjs";
// @ts-ignore: plain ES module without types.
import { startPaymentEmulator } from "../../dev/payment-emulator/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorUrl: string;
    paymentEmulatorUrl: string;
  }
}

/**
 * The real sign-in emulator, for the sign-in tests, and the real payment
 * emulator, which the app's Stripe SDK calls, each on a free port. (The
 * payment tests sign their own webhook events: the emulator cannot reach a
 * Worker running inside the test pool.)
 */
export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ port: 0, appOrigins: ["http://example.com"], log: () => {} });
  const payments = await startPaymentEmulator({ port: 0, appUrl: "http://127.0.0.1:9", log: () => {} });
  project.provide("authEmulatorUrl", emulator.issuer);
  project.provide("paymentEmulatorUrl", payments.url);
  return async () => {
    await Promise.all([emulator.close(), payments.close()]);
  };
}
