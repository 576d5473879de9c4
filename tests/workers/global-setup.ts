import type { TestProject } from "vitest/node";
// @ts-ignore: plain ES module without types.
import { startAuthEmulator } from "../../dev/auth-emulator/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorUrl: string;
  }
}

/** The real sign-in emulator, on a free port, for the sign-in tests. */
export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ port: 0, appOrigins: ["http://example.com"], log: () => {} });
  project.provide("authEmulatorUrl", emulator.issuer);
  return async () => {
    await emulator.close();
  };
}
