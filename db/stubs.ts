// The one way to reach a Durable Object by name, from the app and from the room Worker alike.
// The bindings are typed as plain `DurableObjectNamespace` (the app never imports the classes in
// workers/), so the stub is typed here, once, as the object's contract from game/*-api.ts.

/** The object `name` of `namespace`, typed as its RPC contract `T` (a plain stub for `fetch`). */
export function stubOf<T = DurableObjectStub>(namespace: DurableObjectNamespace, name: string): T {
  return namespace.get(namespace.idFromName(name)) as unknown as T;
}
