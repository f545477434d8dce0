import { useEffect, useLayoutEffect } from 'react';

/**
 * An effect run in the browser's commit itself (a layout effect), before the browser paints or hands the next input
 * to a handler; the server runs no effects (nor warns of layout ones), so there it is a plain effect.
 */
export const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
