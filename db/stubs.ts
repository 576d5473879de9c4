// The one way to reach a Durable Object by name, from the app and from the room Worker alike.
// The bindings are typed as plain `DurableObjectNamespace` (the app never imports the classes in
// workers/), so the stub is typed here, once, as the object's contract from game/*-api.ts.

/**
 * The object `name` of `namespace`, typed as its RPC contract `T` (a plain stub for `fetch`). A
 * location hint places the object when this call creates it and is ignored afterwards.
 */
export function stubOf<T = DurableObjectStub>(
  namespace: DurableObjectNamespace,
  name: string,
  options?: DurableObjectNamespaceGetDurableObjectOptions,
): T {
  const id = namespace.idFromName(name);
  return (options?.locationHint ? namespace.get(id, options) : namespace.get(id)) as unknown as T;
}
