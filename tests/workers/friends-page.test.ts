import { describe, expect, it } from "vitest";
import { call, createPlayer } from "./helpers";

// The /friends page's search: a player already asked keeps their row, marked (the API leaves them
// out), and the one who was asked sees that they can accept.
describe("the friends page's search", () => {
  it("marks a player the searcher asked, and one who asked the searcher", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const [a, b] = await Promise.all([createPlayer(), createPlayer(`Alvo${tag}`)]);
    const sent = await call("/api/friends/request", { method: "POST", cookie: a.cookie, body: { user_id: b.user.id } });
    expect(sent.status).toBe(201);
    const html = await (await call(`/friends?tab=add&q=${encodeURIComponent(b.user.nickname)}`, { cookie: a.cookie })).text();
    expect(html).toContain("Solicitação enviada");
    const back = await (await call(`/friends?tab=add&q=${encodeURIComponent(a.user.nickname)}`, { cookie: b.cookie })).text();
    expect(back).toContain("request_received");
  });
});
