import { describe, expect, it } from "vitest";
import { actorIds } from "@/lib/consents/actor-names";

describe("actorIds", () => {
  it("takes the distinct ids of panel users and API keys, nothing else", () => {
    expect(actorIds(["panel:usr_a", "api:ak_b", "panel:usr_a", "signer", "system", "panel:", "api:bad id", "other:x"])).toEqual({ userIds: ["usr_a"], keyIds: ["ak_b"] });
  });
  it("looks up at most 200 ids however many events there are", () => {
    const many = Array.from({ length: 1000 }, (_, i) => `panel:usr_${i}`);
    const { userIds, keyIds } = actorIds(many);
    expect(userIds.length + keyIds.length).toBe(200);
  });
});
