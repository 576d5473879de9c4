import type { TestProject } from "vitest/node";
import { startEmulators } from "../../dev/emulators.mjs";

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
  const emulators = await startEmulators({
    authPort: 0,
    paymentPort: 0,
    appOrigins: ["http://example.com"],
    appUrl: "http://127.0.0.1:9",
    log: () => {},
  });
  project.provide("authEmulatorUrl", emulators.auth.issuer);
  project.provide("paymentEmulatorUrl", emulators.payments!.url);
  return () => emulators.close();
}
