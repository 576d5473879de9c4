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

/** How many names an `orderedStubs` keeps before it starts afresh (a room reaches a handful). */
const ORDERED_STUBS_KEPT = 64;

/**
 * Calls to the objects of `namespace`, each name through one kept stub: calls made through one stub
 * reach the object in the order they were made (E-order), while two stubs of the same object give
 * no order between them. A stub whose call failed is dropped, since a broken stub fails every later
 * call; the next call makes a new one.
 */
export function orderedStubs<T>(namespace: DurableObjectNamespace, make: (namespace: DurableObjectNamespace, name: string) => T = stubOf) {
  const kept = new Map<string, T>();
  return function call<R>(name: string, send: (stub: T) => Promise<R>): Promise<R> {
    let stub = kept.get(name);
    if (!stub) {
      if (kept.size >= ORDERED_STUBS_KEPT) kept.clear();
      stub = make(namespace, name);
      kept.set(name, stub);
    }
    const used = stub;
    return send(used).catch((error: unknown) => {
      if (kept.get(name) === used) kept.delete(name);
      throw error;
    });
  };
}
