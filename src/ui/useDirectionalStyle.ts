import type { CSSProperties } from 'react';

import { useAppSelector } from '../app/hooks';
import { selectDirection } from '../features/settings/settingsSlice';
import { directionalStyle } from '../lib/rtlStyle';

/** An inline style mirrored for the current language's direction (see lib/rtlStyle). */
export function useDirectionalStyle(style: CSSProperties): CSSProperties {
  return directionalStyle(style, useAppSelector(selectDirection));
}
