// The flush coalescing behind compression(): the flushes of one turn of the event loop become one,
// later flushes still happen, and nothing is flushed once the response has ended.
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { coalesceFlushes } from "../../app/delivery/compression-middleware.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function fakeResponse() {
  const state = { flushes: 0 };
  const res = {
    writableEnded: false,
    flush: () => {
      state.flushes += 1;
    },
  };
  let nextCalls = 0;
  coalesceFlushes(
    {} as Request,
    res as unknown as Response,
    (() => {
      nextCalls += 1;
    }) as NextFunction,
  );
  return { res, state, nextCalls };
}

describe("coalesceFlushes", () => {
  it("flushes once for all the chunks written in one turn, and again for a later chunk", async () => {
    const { res, state, nextCalls } = fakeResponse();
    expect(nextCalls).toBe(1);
    for (let chunk = 0; chunk < 13; chunk++) res.flush();
    expect(state.flushes).toBe(0);
    await nextTurn();
    expect(state.flushes).toBe(1);
    res.flush();
    await nextTurn();
    expect(state.flushes).toBe(2);
  });

  it("does not flush a response that ended meanwhile", async () => {
    const { res, state } = fakeResponse();
    res.flush();
    res.writableEnded = true;
    await nextTurn();
    expect(state.flushes).toBe(0);
  });
});
