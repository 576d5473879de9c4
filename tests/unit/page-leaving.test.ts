import { describe, expect, it } from "vitest";
import { LEAVING_GRACE_MS, pageIsLeaving, watchPageLeaving } from "../../app/utils/page-leaving";

describe("pageIsLeaving", () => {
  it("is false until a navigation away begins, true for the grace period after it, and false again back from the cache", () => {
    const page = new EventTarget();
    watchPageLeaving(page as unknown as Window);
    expect(pageIsLeaving()).toBe(false);
    const start = Date.now();
    page.dispatchEvent(new Event("beforeunload"));
    expect(pageIsLeaving(start)).toBe(true);
    expect(pageIsLeaving(start + LEAVING_GRACE_MS - 1)).toBe(true);
    // Still here well after it: that navigation answered no document, the page stays.
    expect(pageIsLeaving(Date.now() + LEAVING_GRACE_MS)).toBe(false);
    page.dispatchEvent(new Event("beforeunload"));
    page.dispatchEvent(new Event("pageshow"));
    expect(pageIsLeaving()).toBe(false);
  });
});
