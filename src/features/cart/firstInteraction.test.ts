import { loadCartCodeOnFirstInteraction } from './cartListeners';

// The cart's code is its own chunk: jest evaluates a module on its first import(), so the factory runs when the
// shop asks for the chunk, as the browser would fetch it then.
const cartCodeRequested = jest.fn();
jest.mock('./cartEffects', () => {
  cartCodeRequested();
  return jest.requireActual<object>('./cartEffects');
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cart code, fetched when the shopper starts using the page', () => {
  beforeEach(() => {
    jest.resetModules();
    cartCodeRequested.mockClear();
  });

  it('is not fetched with the page, then is fetched once at the first touch, click or key', async () => {
    const page = new EventTarget() as unknown as Window;
    loadCartCodeOnFirstInteraction(page);
    await settle();
    expect(cartCodeRequested).not.toHaveBeenCalled();

    page.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(cartCodeRequested).toHaveBeenCalledTimes(1);

    page.dispatchEvent(new Event('keydown'));
    page.dispatchEvent(new Event('wheel'));
    await settle();
    expect(cartCodeRequested).toHaveBeenCalledTimes(1);
  });

  it.each(['keydown', 'wheel'])('is fetched by a first %s too', async (type) => {
    const page = new EventTarget() as unknown as Window;
    loadCartCodeOnFirstInteraction(page);
    page.dispatchEvent(new Event(type));
    await settle();
    expect(cartCodeRequested).toHaveBeenCalledTimes(1);
  });
});
