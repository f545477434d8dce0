import { deepFreeze } from '../lib/deepFreeze';
import { freezeAnswers } from './freezeAnswers';
import { makeStore } from './store';

const answer = () => ({ data: [{ id: 1, products: [{ id: 2, images: ['a.webp'] }] }] });

describe('freezeAnswers', () => {
  const passOn = (action: unknown) => {
    const seen: unknown[] = [];
    const store = makeStore();
    freezeAnswers(store)((passed) => {
      seen.push(passed);
      return passed;
    })(action);
    return seen[0] as { payload: ReturnType<typeof answer> };
  };

  it("hands an API answer on deep-frozen, so the store's immer does not walk it", () => {
    const passed = passOn({
      type: 'api/executeQuery/fulfilled',
      payload: answer(),
      meta: { requestStatus: 'fulfilled', requestId: 'r1' },
    });
    expect(Object.isFrozen(passed.payload.data[0]?.products[0]?.images)).toBe(true);
  });

  it("leaves other features' actions as they are", () => {
    const passed = passOn({
      type: 'cart/loaded/fulfilled',
      payload: answer(),
      meta: { requestStatus: 'fulfilled', requestId: 'r1' },
    });
    expect(Object.isFrozen(passed.payload)).toBe(false);
  });

  it('freezes nested objects and arrays, and stops at parts already frozen', () => {
    const inner = Object.freeze({ list: [1] });
    const value = deepFreeze({ a: { b: [{ c: 1 }] }, inner });
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
    expect(Object.isFrozen(inner.list)).toBe(false);
  });
});
